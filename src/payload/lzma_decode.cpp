// An LZMA decoder (the .lzma "alone" format that `xz --format=lzma` writes),
// after the LZMA SDK's reference decoder (LzmaSpec.cpp, public domain),
// built as a tiny standalone wasm module (CMake target lzma_decoder).
//
// Why: the core's wasm binary travels inside dist/attnlab.js. LZMA shrinks
// it to 0.30 of its size where a server's gzip reaches 0.38 (measured on the
// 280 KB module: 85 KB against 107 KB), and base64 text of compressed bytes
// gzips back to about their own size: the library is ~25 KB smaller on the
// wire than with gzip alone. A decoder in JavaScript runs once, mostly in
// the interpreter: 50 ms in Node and ~140 ms in Chromium at page load; this
// one takes 20-35 ms.
//
// No libc, no allocation: the caller (web/lib/wasm-payload.js) places the
// input and output in linear memory past the module's own, calls lzma_start
// once and lzma_run until it returns the output size or an error.
#include <cstddef>
#include <cstdint>

namespace {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;

constexpr int max_lc_lp = 4;  // xz's presets use lc + lp <= 4
constexpr u16 prob_init = 1024;

struct Decoder {
    const u8* in;
    std::size_t in_len, in_pos;
    u32 range, code;
    bool truncated;

    u8 next() {
        if (in_pos < in_len) return in[in_pos++];
        truncated = true;
        return 0;
    }
    void normalize() {
        if (range < (1u << 24)) {
            range <<= 8;
            code = (code << 8) | next();
        }
    }
    unsigned bit(u16* p) {
        const u32 bound = (range >> 11) * *p;
        unsigned b;
        if (code < bound) {
            *p = static_cast<u16>(*p + ((2048 - *p) >> 5));
            range = bound;
            b = 0;
        } else {
            *p = static_cast<u16>(*p - (*p >> 5));
            code -= bound;
            range -= bound;
            b = 1;
        }
        normalize();
        return b;
    }
    u32 direct(unsigned n) {
        u32 res = 0;
        for (; n > 0; --n) {
            range >>= 1;
            unsigned b = 0;
            if (code >= range) {
                code -= range;
                b = 1;
            }
            normalize();
            res = (res << 1) | b;
        }
        return res;
    }
    unsigned tree(u16* p, unsigned n) {
        unsigned m = 1;
        for (unsigned i = 0; i < n; ++i) m = (m << 1) + bit(p + m);
        return m - (1u << n);
    }
    unsigned reverse(u16* p, unsigned n) {
        unsigned m = 1, sym = 0;
        for (unsigned i = 0; i < n; ++i) {
            const unsigned b = bit(p + m);
            m = (m << 1) + b;
            sym |= b << i;
        }
        return sym;
    }
};

struct LenProbs {
    u16 choice, choice2, low[16][8], mid[16][8], high[256];
};

unsigned decode_len(Decoder& rc, LenProbs& p, unsigned pos_state) {
    if (!rc.bit(&p.choice)) return rc.tree(p.low[pos_state], 3);
    if (!rc.bit(&p.choice2)) return 8 + rc.tree(p.mid[pos_state], 3);
    return 16 + rc.tree(p.high, 8);
}

// Every probability, so that one loop initializes them all.
struct Probs {
    u16 literal[0x300 << max_lc_lp];
    u16 pos_slot[4][64], pos_dec[115], align[16];
    u16 is_match[12 << 4], is_rep[12], is_rep_g0[12], is_rep_g1[12], is_rep_g2[12];
    u16 is_rep0_long[12 << 4];
    LenProbs match_len, rep_len;
};
Probs probs;

// The decoder's whole state between calls: lzma_run decodes in slices so
// that the engine can swap in optimized code between them (V8 runs a wasm
// function's first call to the end in its baseline code: measured in
// Chromium, one call took 30-80 ms, slices of 16 KB 10-20 ms in all).
struct Run {
    Decoder rc;
    u8* out;
    std::size_t out_len, pos;
    unsigned lc, lp, pb, state;
    u32 rep0, rep1, rep2, rep3;
    long status;  // 0 while running, else the final result
};
Run run;

long step(std::size_t stop);

}  // namespace

// Starts decoding in[0, in_len) into out[0, out_len). Returns 0, or -1 for a
// header this decoder does not take.
extern "C" __attribute__((used, visibility("default"))) long lzma_start(const u8* in, std::size_t in_len,
                                                                      u8* out, std::size_t out_len) {
    run = Run{{in, in_len, 13, 0xFFFFFFFFu, 0, false}, out, out_len, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1};
    if (in_len < 18 || in[0] >= 225) return -1;
    run.lc = in[0] % 9;
    run.lp = (in[0] / 9) % 5;
    run.pb = in[0] / 45;
    if (run.lc + run.lp > max_lc_lp) return -1;
    u16* all = reinterpret_cast<u16*>(&probs);
    for (std::size_t i = 0; i < sizeof(Probs) / sizeof(u16); ++i) all[i] = prob_init;
    Decoder& rc = run.rc;
    if (rc.next() != 0) return -1;
    for (int i = 0; i < 4; ++i) rc.code = (rc.code << 8) | rc.next();
    if (rc.code == rc.range) return -1;
    run.status = 0;
    return 0;
}

// Decodes at least `slice` more bytes (fewer at the end). Returns the bytes
// written so far (out_len when done), or a negative error: -1 bad header,
// -2 corrupt data, -3 truncated input.
extern "C" __attribute__((used, visibility("default"))) long lzma_run(std::size_t slice) {
    if (run.status != 0) return run.status;
    const std::size_t stop = slice < run.out_len - run.pos ? run.pos + slice : run.out_len;
    const long r = step(stop);
    if (r < 0 || run.pos == run.out_len) run.status = r < 0 ? r : static_cast<long>(run.pos);
    return r < 0 ? r : static_cast<long>(run.pos);
}

namespace {

// The main loop, after LzmaSpec.cpp's CLzmaDecoder::Decode, until pos >= stop.
long step(std::size_t stop) {
    Decoder& rc = run.rc;
    u8* const out = run.out;
    const std::size_t out_len = run.out_len;
    std::size_t pos = run.pos;
    unsigned state = run.state;
    u32 rep0 = run.rep0, rep1 = run.rep1, rep2 = run.rep2, rep3 = run.rep3;
    const unsigned lc = run.lc, pb_mask = (1u << run.pb) - 1, lp_mask = (1u << run.lp) - 1;
    long result = 0;
    while (pos < stop) {
        if (rc.truncated) return -3;
        const unsigned pos_state = pos & pb_mask;
        if (!rc.bit(&probs.is_match[(state << 4) + pos_state])) {
            const unsigned prev = pos > 0 ? out[pos - 1] : 0;
            u16* p = probs.literal + 0x300 * (((pos & lp_mask) << lc) + (prev >> (8 - lc)));
            unsigned sym = 1;
            if (state >= 7) {
                unsigned match_byte = out[pos - rep0 - 1];
                while (sym < 0x100) {
                    const unsigned mb = (match_byte >> 7) & 1;
                    match_byte <<= 1;
                    const unsigned b = rc.bit(p + ((1 + mb) << 8) + sym);
                    sym = (sym << 1) | b;
                    if (mb != b) break;
                }
            }
            while (sym < 0x100) sym = (sym << 1) | rc.bit(p + sym);
            out[pos++] = static_cast<u8>(sym);
            state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
            continue;
        }
        unsigned len;
        if (rc.bit(&probs.is_rep[state])) {
            if (pos == 0) return -2;
            if (!rc.bit(&probs.is_rep_g0[state])) {
                if (!rc.bit(&probs.is_rep0_long[(state << 4) + pos_state])) {
                    state = state < 7 ? 9 : 11;
                    out[pos] = out[pos - rep0 - 1];
                    ++pos;
                    continue;
                }
            } else {
                u32 dist;
                if (!rc.bit(&probs.is_rep_g1[state])) {
                    dist = rep1;
                } else {
                    if (!rc.bit(&probs.is_rep_g2[state])) {
                        dist = rep2;
                    } else {
                        dist = rep3;
                        rep3 = rep2;
                    }
                    rep2 = rep1;
                }
                rep1 = rep0;
                rep0 = dist;
            }
            len = decode_len(rc, probs.rep_len, pos_state);
            state = state < 7 ? 8 : 11;
        } else {
            rep3 = rep2;
            rep2 = rep1;
            rep1 = rep0;
            len = decode_len(rc, probs.match_len, pos_state);
            state = state < 7 ? 7 : 10;
            const unsigned slot = rc.tree(probs.pos_slot[len < 3 ? len : 3], 6);
            if (slot < 4) {
                rep0 = slot;
            } else {
                const unsigned nd = (slot >> 1) - 1;
                rep0 = (2u | (slot & 1)) << nd;
                if (slot < 14) rep0 += rc.reverse(probs.pos_dec + rep0 - slot, nd);
                else rep0 += (rc.direct(nd - 4) << 4) + rc.reverse(probs.align, 4);
            }
            if (rep0 == 0xFFFFFFFFu) {  // end marker before out_len bytes
                result = -2;
                break;
            }
            if (rep0 >= pos) return -2;
        }
        len += 2;
        if (len > out_len - pos) return -2;
        for (const std::size_t end = pos + len; pos < end; ++pos) out[pos] = out[pos - rep0 - 1];
    }
    if (rc.truncated) return -3;
    run.pos = pos;
    run.state = state;
    run.rep0 = rep0;
    run.rep1 = rep1;
    run.rep2 = rep2;
    run.rep3 = rep3;
    return result;
}

}  // namespace
