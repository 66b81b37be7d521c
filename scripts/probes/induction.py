#!/usr/bin/python3
"""Induction-head probe: a 2-layer attention-only transformer forms an
induction head within a few hundred Adam updates; a 1-layer control, trained
on the very same batches from the same initial values, cannot.

Model: API.md "Transformers" (no MLP, no LayerNorm), float64:
    x_0[i] = embed[t_i] + pos[i]
    x_{l+1} = x_l + sum_h softmax(scale (x_l Wq)(x_l Wk)^T, causal) (x_l Wv) Wo,  scale = 1/sqrt(d_h)
    logits = x_L unembed
Optimizer: Adam, the chapter's rule (as fixtures/train.py _loop), per tensor:
    m = b1 m + (1-b1) g;  v = b2 v + (1-b2) g^2;  t = update number (1, 2, ...)
    p -= lr * (m / (1-b1^t)) / (sqrt(v / (1-b2^t)) + eps),   b1 0.9, b2 0.999, eps 1e-8
Loss: mean cross-entropy of logits[b][i] against t[b][i+1] over i = 0..n-2
(position n-1 has no target: -1, ignored).

No torch RNG is used. Every random number comes from mulberry32 (the
usual JavaScript one), so the lesson can rebuild the same batches and the same
initial parameters bit for bit:

    function mulberry32(a) { return function () {
        a |= 0; a = a + 0x6D2B79F5 | 0;
        let t = Math.imul(a ^ a >>> 15, 1 | a);
        t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
        return ((t ^ t >>> 14) >>> 0) / 4294967296; }; }
    int(k) = Math.floor(rand() * k)            (0..k-1)
    uniform(s) = s * (2 * rand() - 1)          (exact: no log/cos, so bit-identical in JS)
    mulberry32(1): 0.6270739405881613, 0.002735721180215478, 0.5274470399599522

Three independent streams, each its own mulberry32:
  * init  = mulberry32(seed):          the parameters, drawn in this order, each
    matrix row-major (row by row, the row's entries left to right):
        embed V x d, pos n x d, unembed d x V        each uniform(init)
        for layer l = 0, 1: for head h = 0..H-1: Wq d x dh, Wk d x dh, Wv d x dh, Wo dh x d
                                                    each uniform(initW)
    The 1-layer control takes embed, pos, unembed and layer 0 from the same
    draws (it is the 2-layer model without layer 1).
  * train = mulberry32(seed + 1000):   one fresh batch per update, B sequences.
  * test  = mulberry32(seed + 2000):   one held-out batch of Btest sequences, drawn once,
    on which every printed number is measured.
One sequence of length n (drawn in this order from its stream):
        L = Lmin + int(Lmax - Lmin + 1)             segment length
        filler: n - 2L tokens, each int(V)
        segment: L tokens, each int(V)
        tokens = filler ++ segment ++ segment       (the repeat ends at n-1; it starts at n - L)
So the repeat's offset varies with L: a 1-layer model cannot predict it from
the position alone.
Targets: t[i+1] at position i (i = 0..n-2). The two reported losses, on the
held-out batch, pooled over its sequences:
  * "first"  = positions i = 0 .. n-L-1   (filler, segment, and the first repeated token,
                                            whose target is not predictable)
  * "repeat" = positions i = n-L .. n-2   (query at a repeated token; target predictable
                                            by copying from the first occurrence)
Head scores (headScores, pooled over the held-out sequences as the
shared probe): previousToken = mean over queries i >= 1 of A[i][i-1];
prefixMatch = mean, over queries i having one, of the attention on keys
1 <= j <= i with t[j-1] == t[i].  Printed: layer 1's best previousToken and
layer 2's best prefixMatch (the control: its layer's best prefixMatch).

FLOPs per update (forward + backward, counted as in shared/probes/README.md):
    6 * B * n * (4 d dh H layers + n dh H layers + d V)

usage: induction.py [key=value ...]   (defaults: induction-setting.json next to this file)
       induction.py --fixture tests/fixtures/lessons/circuits_probe.json seed=9   (the lesson's checks)
    keys: V n Lmin Lmax d dh H lr B steps init initW seed Btest every
"""
import json
import math
import os
import sys
import time

import torch

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)

M32 = 0xFFFFFFFF


class Mulberry32:
    def __init__(self, seed):
        self.a = seed & M32

    def rand(self):
        self.a = (self.a + 0x6D2B79F5) & M32
        a = self.a
        t = ((a ^ (a >> 15)) * (1 | a)) & M32
        t = ((t + (((t ^ (t >> 7)) * (61 | t)) & M32)) & M32) ^ t
        return ((t ^ (t >> 14)) & M32) / 4294967296.0

    def int(self, k):
        return int(self.rand() * k)

    def uniform(self, s):
        return s * (2.0 * self.rand() - 1.0)


def batch(rng, B, n, V, Lmin, Lmax):
    """-> tokens B x n (long), repeat start n - L per sequence."""
    toks, starts = [], []
    for _ in range(B):
        L = Lmin + rng.int(Lmax - Lmin + 1)
        filler = [rng.int(V) for _ in range(n - 2 * L)]
        seg = [rng.int(V) for _ in range(L)]
        toks.append(filler + seg + seg)
        starts.append(n - L)
    return torch.tensor(toks), starts


def init(rng, V, n, d, dh, H, layers, s, sw):
    def mat(r, c, a):
        return torch.tensor([[rng.uniform(a) for _ in range(c)] for _ in range(r)])
    p = {"embed": mat(V, d, s), "pos": mat(n, d, s), "unembed": mat(d, V, s), "layers": []}
    for _ in range(layers):
        heads = [{w: mat(*((dh, d) if w == "Wo" else (d, dh)), sw) for w in ("Wq", "Wk", "Wv", "Wo")}
                 for _ in range(H)]
        # stacked per layer: H x d x dh (Wo: H x dh x d)
        p["layers"].append({w: torch.stack([h[w] for h in heads]) for w in ("Wq", "Wk", "Wv", "Wo")})
    return p


def flat(p):
    out = [p["embed"], p["pos"], p["unembed"]]
    for lay in p["layers"]:
        out += [lay[w] for w in ("Wq", "Wk", "Wv", "Wo")]
    return out


def forward(p, t):
    B, n = t.shape
    x = p["embed"][t] + p["pos"][:n]
    mask = torch.ones(n, n, dtype=torch.bool).triu(1)
    att = []
    for lay in p["layers"]:
        dh = lay["Wq"].shape[2]
        q = torch.einsum("bnd,hde->bhne", x, lay["Wq"])
        k = torch.einsum("bnd,hde->bhne", x, lay["Wk"])
        v = torch.einsum("bnd,hde->bhne", x, lay["Wv"])
        a = torch.softmax((q @ k.transpose(2, 3) / math.sqrt(dh)).masked_fill(mask, float("-inf")), -1)
        x = x + torch.einsum("bhne,hed->bnd", a @ v, lay["Wo"])
        att.append(a)  # B x H x n x n
    return x @ p["unembed"], att


def token_losses(logits, t):
    B, n, V = logits.shape
    return torch.nn.functional.cross_entropy(logits[:, :-1].reshape(-1, V), t[:, 1:].reshape(-1),
                                             reduction="none").reshape(B, n - 1)


def score_masks(t):
    """prefix-match key mask B x n x n (j >= 1, j <= i, t[j-1] == t[i]) and which queries have one."""
    B, n = t.shape
    prev = torch.cat([torch.full((B, 1), -1, dtype=t.dtype), t[:, :-1]], 1)  # t[j-1], -1 at j = 0
    m = (prev[:, None, :] == t[:, :, None]) & torch.ones(n, n, dtype=torch.bool).tril()
    return m, m.any(-1)


def head_scores(att, masks):
    """-> [previousToken per head], [prefixMatch per head] of one layer (pooled over the batch)."""
    m, has = masks
    a = att  # B x H x n x n
    n = a.shape[-1]
    i = torch.arange(1, n)
    prev = a[:, :, i, i - 1].mean(dim=(0, 2))
    pm = (a * m[:, None]).sum(-1)  # B x H x n
    pm = (pm * has[:, None]).sum(dim=(0, 2)) / has.sum()
    return prev.tolist(), pm.tolist()


def adam_step(ps, gs, m, v, t, lr, b1=0.9, b2=0.999, eps=1e-8):
    with torch.no_grad():
        for p, g, mi, vi in zip(ps, gs, m, v):
            mi.mul_(b1).add_((1 - b1) * g)
            vi.mul_(b2).add_((1 - b2) * g * g)
            p -= lr * (mi / (1 - b1 ** t)) / (torch.sqrt(vi / (1 - b2 ** t)) + eps)


def mflop(c, layers=2):
    return 6 * c["B"] * c["n"] * (4 * c["d"] * c["dh"] * c["H"] * layers + c["n"] * c["dh"] * c["H"] * layers
                                  + c["d"] * c["V"]) / 1e6


def run(c, out=print, stop_after_hit=None):
    """Trains the 2-layer model and the 1-layer control in lockstep on the same batches.
    Returns the list of rows printed (dicts)."""
    V, n, d, dh, H = c["V"], c["n"], c["d"], c["dh"], c["H"]
    p2 = init(Mulberry32(c["seed"]), V, n, d, dh, H, 2, c["init"], c["initW"])
    p1 = {"embed": p2["embed"].clone(), "pos": p2["pos"].clone(), "unembed": p2["unembed"].clone(),
          "layers": [{w: x.clone() for w, x in p2["layers"][0].items()}]}
    models = [p2, p1]
    params = [flat(p) for p in models]
    for ps in params:
        for x in ps:
            x.requires_grad_(True)
    mom = [[torch.zeros_like(x) for x in ps] for ps in params]
    vel = [[torch.zeros_like(x) for x in ps] for ps in params]
    train_rng = Mulberry32(c["seed"] + 1000)
    test, tstarts = batch(Mulberry32(c["seed"] + 2000), c["Btest"], n, V, c["Lmin"], c["Lmax"])
    masks = score_masks(test)
    rep = torch.zeros(c["Btest"], n - 1, dtype=torch.bool)
    for b, s0 in enumerate(tstarts):
        rep[b, s0:] = True
    rows, t0, hit = [], time.time(), None
    if out:
        out(f"{'step':>5} | {'2L first':>8} {'repeat':>7} {'L1 prev':>7} {'L2 pm':>6} | "
            f"{'1L first':>8} {'repeat':>7} {'pm':>6} | {'s':>6}")
    for s in range(c["steps"] + 1):
        if s % c["every"] == 0 or s == c["steps"]:
            row = {"step": s}
            with torch.no_grad():
                for tag, p in (("2L", p2), ("1L", p1)):
                    logits, att = forward(p, test)
                    lo = token_losses(logits, test)
                    sc = [head_scores(a, masks) for a in att]
                    row[tag] = {"first": lo[~rep].mean().item(), "repeat": lo[rep].mean().item(),
                                "prev": max(sc[0][0]), "pm": max(sc[-1][1])}
            row["sec"] = time.time() - t0
            rows.append(row)
            if hit is None and row["2L"]["pm"] > 0.4:
                hit = s
            if out:
                a, b = row["2L"], row["1L"]
                out(f"{s:5d} | {a['first']:8.3f} {a['repeat']:7.3f} {a['prev']:7.3f} {a['pm']:6.3f} | "
                    f"{b['first']:8.3f} {b['repeat']:7.3f} {b['pm']:6.3f} | {row['sec']:6.1f}")
            if stop_after_hit is not None and hit is not None and s >= hit + stop_after_hit:
                break
        if s == c["steps"]:
            break
        data, _ = batch(train_rng, c["B"], n, V, c["Lmin"], c["Lmax"])
        for p, ps, m, v in zip(models, params, mom, vel):
            logits, _ = forward(p, data)
            loss = token_losses(logits, data).mean()
            gs = torch.autograd.grad(loss, ps)
            adam_step(ps, gs, m, v, s + 1, c["lr"])
    return rows


def load_setting(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "induction-setting.json")) as f:
        c = json.load(f)
    for kv in argv:
        k, v = kv.split("=", 1)
        c[k] = type(c[k])(float(v)) if isinstance(c[k], int) else float(v)
    return c


def write_fixture(path, c, upto):
    """The lesson's checks (tests/js/circuits.test.mjs): the generator's first draws, a prefix of
    the held-out batch, two initial matrices, and the PyTorch run's numbers up to update `upto`."""
    c = dict(c, steps=upto)
    rows = run(c, out=None)
    r = Mulberry32(1)
    test, starts = batch(Mulberry32(c["seed"] + 2000), 8, c["n"], c["V"], c["Lmin"], c["Lmax"])
    p = init(Mulberry32(c["seed"]), c["V"], c["n"], c["d"], c["dh"], c["H"], 2, c["init"], c["initW"])
    keys = ["V", "n", "Lmin", "Lmax", "d", "dh", "H", "init", "initW", "B", "lr", "Btest", "every"]
    fx = {
        "generated_by": f"scripts/probes/induction.py --fixture {path} seed={c['seed']} (/usr/bin/python3, torch float64)",
        "seed": c["seed"], "setting": {k: c[k] for k in keys},
        "mulberry32_1": [r.rand(), r.rand(), r.rand()],
        "test_tokens": test.tolist(), "test_starts": starts,
        "embed": p["embed"].tolist(), "layer2_head1_Wo": p["layers"][1]["Wo"][0].tolist(),
        "rows": [{"step": w["step"], "first": w["2L"]["first"], "repeat": w["2L"]["repeat"], "prev": w["2L"]["prev"],
                  "pm": w["2L"]["pm"], "one_pm": w["1L"]["pm"]} for w in rows],
    }
    with open(path, "w") as f:
        json.dump(fx, f)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--fixture":
        write_fixture(sys.argv[2], load_setting(sys.argv[3:]), 300)
        sys.exit(0)
    c = load_setting(sys.argv[1:])
    print(json.dumps(c))
    print(f"~{mflop(c):.1f} MFLOP per update (2 layers), {mflop(c, 1):.1f} (control)")
    rows = run(c)
    hit = next((r["step"] for r in rows if r["2L"]["pm"] > 0.4), None)
    drop = next((r["step"] for r in rows if r["2L"]["repeat"] < 0.5 * r["2L"]["first"]), None)
    print(f"2 layers: best layer-2 prefix-match > 0.4 first at step {hit}; "
          f"repeat loss < half the first-part loss first at step {drop}; "
          f"wall {rows[-1]['sec']:.1f} s for both models")
