#!/usr/bin/python3
"""Generates tests/fixtures/*.json: reference values from NumPy / PyTorch.

Run once with Debian's interpreter (python3-numpy, python3-scipy,
python3-torch) and commit the output; the tests themselves need no Python:

    /usr/bin/python3 scripts/gen_fixtures.py            # all areas
    /usr/bin/python3 scripts/gen_fixtures.py softmax    # one area

Each area is a module scripts/fixtures/<area>.py with generate(rng) -> {file
stem: data}; each file also gets a top-level "generated_by" naming that module
and the command. Non-finite floats are written as the strings "Infinity",
"-Infinity" and "NaN" so that JSON.parse and the C++ reader both take them.
"""
import importlib
import json
import math
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures"
sys.path.insert(0, str(ROOT / "scripts"))

AREAS = sorted(p.stem for p in (ROOT / "scripts" / "fixtures").glob("*.py") if p.stem != "__init__")


def clean(x):
    """numpy/torch values -> plain JSON values, non-finite floats as strings."""
    if hasattr(x, "detach"):
        x = x.detach().cpu().numpy()
    if isinstance(x, np.ndarray):
        return clean(x.tolist())
    if isinstance(x, (list, tuple)):
        return [clean(v) for v in x]
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()}
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        x = float(x)
        if math.isnan(x):
            return "NaN"
        if math.isinf(x):
            return "Infinity" if x > 0 else "-Infinity"
        return x
    return x


def main(argv):
    areas = argv or AREAS
    OUT.mkdir(parents=True, exist_ok=True)
    for area in areas:
        mod = importlib.import_module(f"fixtures.{area}")
        rng = np.random.default_rng(sum(map(ord, area)))  # stable per area
        # First key of every file: what wrote it, so a test can name its source.
        made_by = f"scripts/fixtures/{area}.py (/usr/bin/python3 scripts/gen_fixtures.py {area})"
        for stem, data in mod.generate(rng).items():
            path = OUT / f"{stem}.json"
            data = {"generated_by": made_by, **clean(data)}
            path.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
