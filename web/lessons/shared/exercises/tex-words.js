// Words in an exercise's TeX (tex, reveal, solution lines) in the page's
// language. make(rng, lab) has no translator, so it writes ⟪key⟫ where a
// word goes; the card puts in the string ex.<id>.tex.<key>, as \text{...}
// with TeX's special characters escaped.
export const TEX_WORD = /⟪([A-Za-z0-9]+)⟫/g;

const SPECIAL = { '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', $: '\\$', '&': '\\&', '#': '\\#', '^': '\\textasciicircum{}', _: '\\_', '%': '\\%', '~': '\\textasciitilde{}' };
const escapeText = (s) => s.replace(/[\\{}$&#^_%~]/g, (c) => SPECIAL[c]);

// tex: TeX with ⟪key⟫ marks; k(key): the exercise's translator (card.k).
export const texWords = (tex, k) => tex.replace(TEX_WORD, (m, key) => `\\text{${escapeText(k(`tex.${key}`))}}`);

// The keys a TeX string asks for (tests: every one exists in both languages).
export const texWordKeys = (tex) => [...String(tex).matchAll(TEX_WORD)].map((m) => `tex.${m[1]}`);
