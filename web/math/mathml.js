// TeX -> MathML Core, for the TeX our lessons write (and nothing that can
// run: no macros, no \href, no sizes beyond \Bigg). Browsers lay MathML out
// themselves (Chromium, Firefox, Safari), with the math font of style.css,
// so a formula costs a small tree instead of KaTeX's 76 KB gzip of script,
// its CSS and seven faces.
//
// texTree(source, display) -> a plain tree {tag, attrs, kids} (strings for
// text), pure, for the page and the tests alike; toDom(tree) builds it with
// createElementNS (never HTML strings). Unknown commands throw TexError.
//
// A display formula is cut after its top-level relations and binary
// operators into several <math> pieces (the container wraps between them
// on a phone; MathML itself never breaks a line); the first piece carries
// the whole source in <annotation encoding="application/x-tex">.

import { AXIS, trim, extent, stretchHeight } from './mathml-fit.js';

export class TexError extends Error {}
export const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

const node = (tag, attrs, kids) => ({ tag, attrs: attrs || {}, kids: kids || [] });
const leaf = (tag, text, attrs) => node(tag, attrs, [text]);
const row = (kids) => (kids.length === 1 ? kids[0] : node('mrow', {}, kids));

// --- symbols ----------------------------------------------------------------
const GREEK = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ϵ', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ',
  vartheta: 'ϑ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', varpi: 'ϖ', rho: 'ρ',
  varrho: 'ϱ', sigma: 'σ', varsigma: 'ς', tau: 'τ', upsilon: 'υ', phi: 'ϕ', varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
};
const UPRIGHT = {  // ordinary symbols drawn upright
  Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ', Phi: 'Φ', Psi: 'Ψ',
  Omega: 'Ω', infty: '∞', partial: '∂', nabla: '∇', top: '⊤', bot: '⊥', ell: 'ℓ', emptyset: '∅', varnothing: '∅',
  forall: '∀', exists: '∃', neg: '¬', lnot: '¬', prime: '′', hbar: 'ℏ', Re: 'ℜ', Im: 'ℑ', aleph: 'ℵ', triangle: '△',
  angle: '∠', checkmark: '✓', dagger: '†', S: '§', '%': '%', '#': '#', '$': '$', '&': '&', _: '_',
};
const BIN = {
  cdot: '⋅', times: '×', div: '÷', pm: '±', mp: '∓', odot: '⊙', otimes: '⊗', oplus: '⊕', circ: '∘', bullet: '∙',
  cup: '∪', cap: '∩', setminus: '∖', ast: '∗', star: '⋆', wedge: '∧', land: '∧', vee: '∨', lor: '∨',
};
const REL = {
  le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', approx: '≈', sim: '∼', simeq: '≃', cong: '≅',
  equiv: '≡', propto: '∝', in: '∈', notin: '∉', ni: '∋', subset: '⊂', subseteq: '⊆', supset: '⊃', supseteq: '⊇',
  to: '→', rightarrow: '→', leftarrow: '←', gets: '←', leftrightarrow: '↔', Rightarrow: '⇒', Leftarrow: '⇐',
  Leftrightarrow: '⇔', iff: '⟺', implies: '⟹', Longrightarrow: '⟹', Longleftarrow: '⟸', longrightarrow: '⟶',
  mapsto: '↦', ll: '≪', gg: '≫', mid: '∣', parallel: '∥', perp: '⊥', coloneqq: '≔', uparrow: '↑', downarrow: '↓',
  nearrow: '↗', searrow: '↘', models: '⊨', vdash: '⊢', lessapprox: '⪅', lesssim: '≲', gtrsim: '≳', asymp: '≍',
};
const DELIM = {
  '(': '(', ')': ')', '[': '[', ']': ']', '|': '|', '/': '/', '.': '', '\\{': '{', '\\}': '}', '\\|': '‖',
  lbrace: '{', rbrace: '}', langle: '⟨', rangle: '⟩', lvert: '|', rvert: '|', vert: '|', lVert: '‖', rVert: '‖',
  Vert: '‖', lfloor: '⌊', rfloor: '⌋', lceil: '⌈', rceil: '⌉', backslash: '∖',
};
const FENCE_CHARS = new Set(['(', ')', '[', ']', '{', '}', '|', '‖', '⟨', '⟩', '⌊', '⌋', '⌈', '⌉']);
const DOTS = { dots: '…', ldots: '…', cdots: '⋯', vdots: '⋮', ddots: '⋱' };
const BIG_OPS = { sum: '∑', prod: '∏', coprod: '∐', bigcup: '⋃', bigcap: '⋂', bigoplus: '⨁', bigotimes: '⨂' };
const INTEGRALS = { int: '∫', iint: '∬', oint: '∮' };
// Operator names; those with limits take their scripts below in display.
const LIMIT_NAMES = new Set(['max', 'min', 'lim', 'sup', 'inf', 'argmax', 'argmin', 'limsup', 'liminf', 'Pr', 'gcd', 'det']);
const NAMES = new Set(['log', 'ln', 'exp', 'sin', 'cos', 'tan', 'sinh', 'cosh', 'tanh', 'arg', 'dim', 'ker', 'deg', 'hom',
  'sec', 'csc', 'cot', 'lg', ...LIMIT_NAMES]);
const SPACES = { quad: '1em', qquad: '2em', ',': '0.1667em', thinspace: '0.1667em', ':': '0.2222em', '>': '0.2222em',
  medspace: '0.2222em', ';': '0.2778em', thickspace: '0.2778em', ' ': '0.3333em', enspace: '0.5em', '!': '-0.1667em',
  negthinspace: '-0.1667em' };
const BIG = { big: '1.18em', Big: '1.623em', bigg: '2.047em', Bigg: '2.470em' };
const ACCENTS = { hat: '^', widehat: '^', tilde: '~', widetilde: '~', vec: '→', dot: '˙',
  ddot: '¨', check: 'ˇ', breve: '˘', acute: '´', grave: '`', overrightarrow: '→', overleftarrow: '←' };
const STRETCHY_ACCENTS = new Set(['widehat', 'widetilde', 'overrightarrow', 'overleftarrow']);
const TEXT_SYMBOLS = { textbackslash: '\\', textasciitilde: '~', textasciicircum: '^', textbar: '|', textendash: '–',
  textemdash: '—', textbullet: '•', textdegree: '°', '{': '{', '}': '}', '%': '%', '#': '#', $: '$', '&': '&', _: '_', ' ': '\u00a0' };

// Letters in a font of their own: the Unicode mathematical alphabets
// (MathML Core has no mathvariant but normal).
const HOLES = {
  bb: { C: 'ℂ', H: 'ℍ', N: 'ℕ', P: 'ℙ', Q: 'ℚ', R: 'ℝ', Z: 'ℤ' },
  cal: { B: 'ℬ', E: 'ℰ', F: 'ℱ', H: 'ℋ', I: 'ℐ', L: 'ℒ', M: 'ℳ', R: 'ℛ', e: 'ℯ', g: 'ℊ', o: 'ℴ' },
  frak: { C: 'ℭ', H: 'ℌ', I: 'ℑ', R: 'ℜ', Z: 'ℨ' },
};
const ALPHABET = { bf: 0x1d400, it: 0x1d434, cal: 0x1d49c, frak: 0x1d504, bb: 0x1d538, sf: 0x1d5a0, tt: 0x1d670 };
const DIGITS = { bf: 0x1d7ce, bb: 0x1d7d8, sf: 0x1d7e2, tt: 0x1d7f6 };
function styled(ch, font) {
  if (font === 'it' && ch === 'h') return 'ℎ';
  if (HOLES[font] && HOLES[font][ch]) return HOLES[font][ch];
  const c = ch.charCodeAt(0);
  if (ALPHABET[font] && /[A-Za-z]/.test(ch)) return String.fromCodePoint(ALPHABET[font] + (c >= 97 ? c - 97 + 26 : c - 65));
  if (DIGITS[font] && /[0-9]/.test(ch)) return String.fromCodePoint(DIGITS[font] + c - 48);
  if (font === 'bf' && c >= 0x391 && c <= 0x3a9) return String.fromCodePoint(0x1d6a8 + c - 0x391);
  if (font === 'bf' && c >= 0x3b1 && c <= 0x3c9) return String.fromCodePoint(0x1d6c2 + c - 0x3b1);
  return ch;
}
const FONTS = { mathrm: 'rm', mathbf: 'bf', mathbb: 'bb', mathcal: 'cal', mathscr: 'cal', mathfrak: 'frak',
  mathit: 'it', mathsf: 'sf', mathtt: 'tt', boldsymbol: 'bf', bm: 'bf', textbf: 'bf', textrm: 'rm', textit: 'it', textsf: 'sf', texttt: 'tt' };

// --- tokens -----------------------------------------------------------------
function tokenize(src) {
  const out = [];
  for (let i = 0; i < src.length;) {
    const c = src[i];
    if (c === '\\') {
      const m = /^[A-Za-z]+/.exec(src.slice(i + 1));
      if (m) { out.push({ cmd: m[0] }); i += 1 + m[0].length; } else if (i + 1 < src.length) { out.push({ cmd: src[i + 1] }); i += 2; } else throw new TexError('a lone \\ at the end');
    } else if (/\s/.test(c)) {
      out.push({ space: true });
      while (i < src.length && /\s/.test(src[i])) i++;
    } else if (c === '%') {
      while (i < src.length && src[i] !== '\n') i++;
    } else {
      const cp = src.codePointAt(i);
      const ch = String.fromCodePoint(cp);
      out.push({ ch });
      i += ch.length;
    }
  }
  return out;
}

// --- parser -----------------------------------------------------------------
const MAX_DEPTH = 40;
const MAX_NODES = 20000;

// Scripts are set tight (TeX's script style has no medium or thick
// spaces): e^{z_j - m}, not e^{z_j − m}.
function tight(n) {
  if (typeof n === 'string') return n;
  if (n.tag === 'mo' && !('lspace' in n.attrs)) { n.attrs.lspace = '0'; n.attrs.rspace = '0'; }
  n.kids.forEach(tight);
  return n;
}

// An aligned column that starts with = (after &) keeps the relation's spaces.
// Spaces do not count (TeX: \quad + is a binary + after the {} amsmath puts there).
function infixFirst(cell) {
  const first = cell.tag === 'mrow' ? cell.kids.find((k) => k.tag !== 'mspace') : cell;
  if (first && first.tag === 'mo' && (first.cls === 'rel' || first.cls === 'bin' || first.attrs.form === 'prefix')) first.attrs.form = 'infix';
}

class Parser {
  constructor(src, display) {
    this.toks = tokenize(String(src));
    this.i = 0;
    this.display = display;
    this.depth = 0;
    this.count = 0;
  }
  peek() { return this.toks[this.i]; }
  next() { return this.toks[this.i++]; }
  skipSpace() { while (this.peek() && this.peek().space) this.i++; }
  grow() { if (++this.count > MAX_NODES) throw new TexError('formula too large'); }
  expect(ch) {
    this.skipSpace();
    const t = this.next();
    if (!t || t.ch !== ch) throw new TexError(`expected "${ch}"`);
  }

  // Math until the group ends: returns the list of nodes.
  list(font) {
    if (++this.depth > MAX_DEPTH) throw new TexError('formula nested too deeply');
    const out = [];
    for (;;) {
      this.skipSpace();
      const t = this.peek();
      if (!t || t.ch === '}' || t.ch === '&' || t.cmd === '\\' || t.cmd === 'end' || t.cmd === 'right' || t.cmd === 'middle' || t.cmd === 'cr') break;
      if (t.cmd === 'displaystyle' || t.cmd === 'textstyle' || t.cmd === 'scriptstyle') {
        this.next();
        const rest = this.list(font);
        const attrs = t.cmd === 'scriptstyle' ? { displaystyle: 'false', scriptlevel: '1' } : { displaystyle: String(t.cmd === 'displaystyle'), scriptlevel: '0' };
        out.push(node('mstyle', attrs, rest));
        break;
      }
      if (t.cmd === 'limits' || t.cmd === 'nolimits') {
        this.next();
        if (out.length) out[out.length - 1].limits = t.cmd === 'limits';
        continue;
      }
      if (t.ch === '^' || t.ch === '_' || t.ch === "'") {
        const base = out.length && !out[out.length - 1].scripted ? out.pop() : node('mrow');
        out.push(this.scripts(base, font));
        continue;
      }
      const atom = this.atom(font);
      if (atom) out.push(atom);
    }
    this.depth--;
    return unary(out);
  }

  // base^x_y (either order, primes first): msub / msup / msubsup, or
  // munder / mover / munderover for operators with limits in display.
  scripts(base, font) {
    let sub = null, sup = null, primes = 0;
    for (;;) {
      this.skipSpace();
      const t = this.peek();
      if (t && t.ch === "'") { this.next(); primes++; continue; }
      if (t && (t.ch === '^' || t.ch === '_')) {
        this.next();
        const arg = tight(this.arg(font));
        if (t.ch === '^') { if (sup) throw new TexError('double superscript'); sup = arg; } else { if (sub) throw new TexError('double subscript'); sub = arg; }
        continue;
      }
      break;
    }
    // A prime is drawn after its base at base size: U+2032 is a raised
    // glyph already (as a superscript it would shrink to a dot up high).
    const prime = primes ? leaf('mo', '′'.repeat(primes), { lspace: '0', rspace: '0' }) : null;
    if (prime && sup) sup = row([prime, sup]);
    this.grow();
    if (prime && !sup && !sub) { const out = node('mrow', {}, [base, prime]); out.scripted = true; return out; }
    if (prime && !sup) { const out = node('mrow', {}, [node('msub', {}, [base, sub]), prime]); out.scripted = true; return out; }
    // Chromium lowers a subscript by the base's box depth (a bracket's
    // reaches the font's descent, p's its tail); TeX by none for a
    // character, by its depth less 0.165em for a \big one. (Not with a
    // superscript: the mpadded would hide the letter's italic correction.)
    const deep = base.tag === 'mi' && sub && !sup && /^[gjpqyβγζημξρφχψ]$/.test(base.kids[0]);
    if ((base.tag === 'mo' && FENCE_CHARS.has(base.kids[0]) && (sub || sup)) || deep) {
      const size = parseFloat(base.attrs.minsize) || 0;
      const cls = base.cls;
      base = node('mpadded', { depth: size ? `${Math.max(0, size / 2 - AXIS - 0.165).toFixed(3)}em` : '0' }, [base]);
      base.cls = cls;
    }
    const limits = base.limits ?? base.movable;
    let out;
    if (limits) {
      if (base.movable && base.tag === 'mo') base.attrs.movablelimits = base.limits ? 'false' : 'true';
      out = sub && sup ? node('munderover', {}, [base, sub, sup]) : sub ? node('munder', {}, [base, sub]) : node('mover', {}, [base, sup]);
    } else out = sub && sup ? node('msubsup', {}, [base, sub, sup]) : sub ? node('msub', {}, [base, sub]) : node('msup', {}, [base, sup]);
    out.scripted = true;
    out.cls = base.cls;
    out.fn = base.fn;  // \log_2 x keeps the space after the name
    return out;
  }

  // One argument: a {group} (as one node) or a single token's atom.
  arg(font) {
    this.skipSpace();
    const t = this.peek();
    if (!t) throw new TexError('missing argument');
    if (t.ch === '{') return this.group(font);
    if (t.ch === '}' || t.ch === '^' || t.ch === '_' || t.ch === '&') throw new TexError('missing argument');
    // A single digit or letter, not a run of them (x^23 is x² then 3).
    if (t.ch && /[0-9]/.test(t.ch)) { this.next(); this.grow(); return leaf('mn', styled(t.ch, font)); }
    return this.atom(font) || node('mrow');
  }
  group(font) {
    this.expect('{');
    const kids = this.list(font);
    this.expect('}');
    const g = row(kids);
    return kids.length === 1 ? g : node('mrow', {}, kids);
  }
  // An optional [argument] as raw text (\sqrt[3], \\[4pt]).
  optional() {
    this.skipSpace();
    if (!this.peek() || this.peek().ch !== '[') return null;
    this.next();
    const start = this.i;
    let depth = 0;
    while (this.peek() && !(depth === 0 && this.peek().ch === ']')) {
      if (this.peek().ch === '{') depth++;
      if (this.peek().ch === '}') depth--;
      this.next();
    }
    if (!this.peek()) throw new TexError('missing "]"');
    const end = this.i;
    this.next();
    return [start, end];
  }
  // Text mode: {...} as one string (spaces kept, $...$ inside is math).
  text(font) {
    this.expect('{');
    const kids = [];
    let s = '';
    const flush = () => { if (s) kids.push(leaf('mtext', s)); s = ''; };
    let depth = 0;
    for (;;) {
      const t = this.next();
      if (!t) throw new TexError('missing "}" after \\text');
      if (t.ch === '}') { if (depth === 0) break; depth--; continue; }
      if (t.ch === '{') { depth++; continue; }
      if (t.space) s += '\u00a0';
      else if (t.ch === '$') {
        flush();
        const start = this.i;
        while (this.peek() && this.peek().ch !== '$') this.next();
        if (!this.peek()) throw new TexError('missing "$" in \\text');
        const inner = new Parser('', this.display);
        inner.toks = this.toks.slice(start, this.i);
        inner.depth = this.depth;
        kids.push(...inner.list(font));
        this.next();
      } else if (t.cmd !== undefined) {
        if (t.cmd in TEXT_SYMBOLS) s += TEXT_SYMBOLS[t.cmd];
        else if (t.cmd === 'quad' || t.cmd === 'qquad') s += t.cmd === 'quad' ? '\u2003' : '\u2003\u2003';
        else if (t.cmd in SPACES) s += '\u2009';
        else throw new TexError(`\\${t.cmd} inside \\text`);
      } else if (t.ch === '~') s += '\u00a0';
      else s += font && font !== 'rm' ? styled(t.ch, font) : t.ch;
    }
    flush();
    this.grow();
    return kids.length === 1 ? kids[0] : node('mrow', {}, kids);
  }

  atom(font) {
    const t = this.next();
    this.grow();
    if (t.ch !== undefined) return this.char(t.ch, font);
    return this.command(t.cmd, font);
  }

  char(ch, font) {
    if (ch === '{') { this.i--; return this.group(font); }
    if (/[0-9]/.test(ch)) {
      // A number: digits with at most one decimal point inside.
      let s = ch;
      while (this.peek() && this.peek().ch && /[0-9]/.test(this.peek().ch)) s += this.next().ch;
      if (this.peek() && this.peek().ch === '.' && this.toks[this.i + 1] && /^[0-9]$/.test(this.toks[this.i + 1].ch || '')) {
        s += this.next().ch;
        while (this.peek() && this.peek().ch && /[0-9]/.test(this.peek().ch)) s += this.next().ch;
      }
      return leaf('mn', [...s].map((c) => styled(c, font)).join(''));
    }
    if (/[A-Za-z]/.test(ch)) {
      if (font === 'rm') return leaf('mi', ch, { mathvariant: 'normal' });
      return font ? leaf('mi', styled(ch, font), font === 'it' ? {} : { mathvariant: 'normal' }) : leaf('mi', ch);
    }
    if (ch === '~') return leaf('mspace', '', { width: '0.3333em' });
    if (ch === '-') return this.op('−', 'bin');
    if (ch === '+' || ch === '*') return this.op(ch === '*' ? '∗' : '+', 'bin');
    if ('=<>:'.includes(ch)) return this.op(ch, 'rel');
    if ('()[]'.includes(ch)) return leaf('mo', ch, { stretchy: 'false' });
    if (ch === '|' || ch === '/') return leaf('mo', ch, { stretchy: 'false', lspace: '0', rspace: '0' });
    if (ch === ',' || ch === ';') return leaf('mo', ch, { separator: 'true' });
    if (ch === '.') return leaf('mn', '.');
    if (ch === '!' || ch === '?') return leaf('mo', ch, { lspace: '0', rspace: '0' });
    if (ch === '$' || ch === '&' || ch === '#' || ch === '^' || ch === '_' || ch === '}') throw new TexError(`unexpected "${ch}"`);
    if (/[\u2190-\u21ff\u2200-\u22ff\u27f0-\u27ff\u00b1\u00d7\u00f7\u00b7\u2026]/.test(ch)) {
      const rel = /[\u2190-\u21ff\u27f0-\u27ff=<>\u2208\u2209\u2248\u2260\u2261\u2264\u2265\u226a\u226b\u221d\u223c]/.test(ch);
      return this.op(ch, rel ? 'rel' : 'bin');
    }
    if (/[\u3000-\u9fff\uff00-\uffef]/.test(ch)) return leaf('mtext', ch);
    return leaf('mi', ch);
  }

  op(ch, cls, attrs = {}) {
    const n = leaf('mo', ch, attrs);
    n.cls = cls;
    return n;
  }

  fenced(delimTok, size, form) {
    this.skipSpace();
    const t = this.next();
    const key = !t ? null : t.ch !== undefined ? t.ch : ['{', '}', '|'].includes(t.cmd) ? `\\${t.cmd}` : t.cmd;
    if (key === null || !(key in DELIM)) throw new TexError(`\\${delimTok} needs a delimiter`);
    const ch = DELIM[key];
    if (!ch) return null;
    const attrs = size ? { minsize: size, maxsize: size, stretchy: 'true', symmetric: 'true' } : { stretchy: 'true', symmetric: 'true' };
    if (form) attrs.form = form;
    if (form !== 'infix') { attrs.lspace = '0'; attrs.rspace = '0'; }
    const n = leaf('mo', ch, attrs);
    n.cls = form === 'prefix' ? 'open' : form === 'postfix' ? 'close' : undefined;
    return n;
  }

  command(cmd, font) {
    if (cmd in GREEK) return font === 'bf' ? leaf('mi', styled(GREEK[cmd], 'bf'), { mathvariant: 'normal' }) : leaf('mi', GREEK[cmd]);
    if (cmd in UPRIGHT) return leaf('mi', font === 'bf' ? styled(UPRIGHT[cmd], 'bf') : UPRIGHT[cmd], { mathvariant: 'normal' });
    if (cmd in BIN) return this.op(BIN[cmd], 'bin');
    if (cmd in REL) return this.op(REL[cmd], 'rel');
    if (cmd in DOTS) return leaf('mo', DOTS[cmd], cmd === 'dots' || cmd === 'ldots' ? { lspace: '0', rspace: '0' } : {});
    if (cmd in SPACES) return leaf('mspace', '', { width: SPACES[cmd] });
    if (cmd === '{' || cmd === '}' || cmd === 'lbrace' || cmd === 'rbrace') return leaf('mo', cmd === '{' || cmd === 'lbrace' ? '{' : '}', { stretchy: 'false' });
    if (cmd === '|' || cmd === 'Vert' || cmd === 'lVert' || cmd === 'rVert' || cmd === 'vert' || cmd === 'lvert' || cmd === 'rvert' || cmd === 'langle' || cmd === 'rangle'
      || cmd === 'lfloor' || cmd === 'rfloor' || cmd === 'lceil' || cmd === 'rceil') {
      return leaf('mo', DELIM[cmd === '|' ? '\\|' : cmd], { stretchy: 'false', lspace: '0', rspace: '0' });
    }
    if (cmd in BIG_OPS) { const n = leaf('mo', BIG_OPS[cmd], { largeop: this.display ? 'true' : 'false' }); n.movable = true; return n; }
    if (cmd in INTEGRALS) return leaf('mo', INTEGRALS[cmd], { largeop: 'true' });
    if (NAMES.has(cmd)) return this.name(cmd, LIMIT_NAMES.has(cmd));
    if (cmd === 'operatorname' || cmd === 'operatorname*') {
      let star = false;
      if (this.peek() && this.peek().ch === '*') { this.next(); star = true; }
      const g = this.textual('rm');
      return this.name(g, star);
    }
    if (cmd in FONTS) {
      const f = FONTS[cmd];
      if (cmd.startsWith('text')) return this.text(f);
      return this.arg(f);
    }
    if (cmd === 'text' || cmd === 'mbox' || cmd === 'textnormal' || cmd === 'hbox') return this.text(null);
    if (cmd === 'frac' || cmd === 'dfrac' || cmd === 'tfrac' || cmd === 'cfrac') {
      const num = this.arg(font), den = this.arg(font);
      if (cmd === 'tfrac') {
        // Numerator and denominator at script size, said outright: WebKit does not shrink
        // them for displaystyle="false" alone (MathML Core's math-depth auto-add).
        const small = (k) => node('mstyle', { displaystyle: 'false', scriptlevel: '1' }, [k]);
        return node('mstyle', { displaystyle: 'false', scriptlevel: '0' }, [node('mfrac', {}, [small(num), small(den)])]);
      }
      const f = node('mfrac', {}, [num, den]);
      if (cmd === 'frac' || cmd === 'cfrac') return f;
      return node('mstyle', { displaystyle: String(cmd === 'dfrac'), scriptlevel: '0' }, [f]);
    }
    if (cmd === 'binom') {
      const a = this.arg(font), b = this.arg(font);
      return node('mrow', {}, [leaf('mo', '(', { stretchy: 'true' }), node('mfrac', { linethickness: '0' }, [a, b]), leaf('mo', ')', { stretchy: 'true' })]);
    }
    if (cmd === 'sqrt') {
      const idx = this.optional();
      const body = this.arg(font);
      if (!idx) {
        // The radical is as wide as its widest size too (1.056em; its base 0.833em, the others 1em).
        const [a, d] = extent(body, this.display);
        const gap = this.display ? 0.188 : 0.09;
        return node('msqrt', a + d + gap <= 1.0 ? { class: 'tex-k5' } : { class: 'tex-k1' }, [body]);
      }
      const p = new Parser('', this.display);
      p.toks = this.toks.slice(idx[0], idx[1]);
      p.depth = this.depth;
      return node('mroot', {}, [body, row(p.list(font))]);
    }
    if (cmd in ACCENTS) {
      const body = this.arg(font);
      const attrs = STRETCHY_ACCENTS.has(cmd) ? { stretchy: 'true' } : { stretchy: 'false' };
      return node('mover', { accent: 'true' }, [body, leaf('mo', ACCENTS[cmd], attrs)]);
    }
    // Lines as CSS borders (style.css): Latin Modern Math has no U+203E to
    // stretch, and Chromium places its macron badly (none over x in a fraction).
    if (cmd === 'overline' || cmd === 'underline' || cmd === 'bar') return node('mrow', { class: `tex-${cmd}` }, [this.arg(font)]);
    if (cmd === 'underbrace' || cmd === 'overbrace') {
      // The brace is drawn by style.css (Chromium misdraws a stretched ⏟).
      const body = this.arg(font);
      const brace = node('mrow', { class: `tex-${cmd}` }, body.tag === 'mrow' && !Object.keys(body.attrs).length ? body.kids : [body]);
      brace.movable = true;  // its _{label} / ^{label} goes under / over it
      brace.limits = true;
      return brace;
    }
    if (cmd === 'underset' || cmd === 'overset' || cmd === 'stackrel') {
      const script = this.arg(font), body = this.arg(font);
      const n = node(cmd === 'underset' ? 'munder' : 'mover', {}, [body, script]);
      n.cls = body.cls;
      return n;
    }
    if (cmd === 'xrightarrow' || cmd === 'xleftarrow') return this.xarrow(cmd === 'xrightarrow', font);
    if (cmd === 'left') return this.leftRight(font);
    if (cmd === 'right') throw new TexError('\\right without \\left');
    const big = /^(big|Big|bigg|Bigg)([lrm]?)$/.exec(cmd);
    if (big) {
      const form = big[2] === 'l' ? 'prefix' : big[2] === 'r' ? 'postfix' : big[2] === 'm' ? 'infix' : undefined;
      const mo = this.fenced(cmd, BIG[big[1]], form);
      return mo ? trim(mo, parseFloat(BIG[big[1]]), true) : node('mrow');
    }
    if (cmd === 'begin') return this.environment(font);
    if (cmd === 'not') {
      const n = this.arg(font);
      if (n.tag === 'mo' && n.kids[0] === '=') return this.op('≠', 'rel');
      if (n.tag === 'mo' && n.kids[0] === '∈') return this.op('∉', 'rel');
      return node('menclose', { notation: 'updiagonalstrike' }, [n]);
    }
    if (cmd === 'phantom') { const b = this.arg(font); return node('mphantom', {}, [b]); }
    if (cmd in TEXT_SYMBOLS && cmd.startsWith('text')) return leaf('mtext', TEXT_SYMBOLS[cmd]);
    throw new TexError(`unknown command \\${cmd}`);
  }

  // \xrightarrow / \xleftarrow (right: which), with its label above and the optional one below.
  xarrow(right, font) {
    // Chromium misdraws a horizontally stretched arrow (no head past
    // 1.35em), and mpadded width="+0.6em" is not MathML Core: a table of
    // label, arrow, label (or the other's phantom, to keep the arrow on
    // the axis) whose arrow cell draws the shaft (style.css) to the glyph.
    const below = this.optional();
    const above = this.arg(font);
    let under = null;
    if (below) {
      const p = new Parser('', this.display);
      p.toks = this.toks.slice(below[0], below[1]);
      p.depth = this.depth;
      under = row(p.list(font));
    }
    const over = above.tag === 'mrow' && !above.kids.length ? null : above;
    const label = (k) => node('mtr', {}, [node('mtd', {}, [node('mstyle', { displaystyle: 'false', scriptlevel: '1' }, [tight(k)])])]);
    const table = node('mtable', { class: 'tex-xarrow' }, [
      label(over || (under ? node('mphantom', {}, [under]) : node('mrow'))),
      node('mtr', {}, [node('mtd', { class: right ? 'tex-xr' : 'tex-xl' }, [leaf('mo', right ? '→' : '←', { stretchy: 'false', lspace: '0', rspace: '0' })])]),
      label(under || (over ? node('mphantom', {}, [over]) : node('mrow'))),
    ]);
    const n = node('mrow', {}, [leaf('mspace', '', { width: '0.2778em' }), table, leaf('mspace', '', { width: '0.2778em' })]);
    n.cls = 'rel';
    return n;
  }

  // \left ... \middle ... \right: the delimiters stretched to what they enclose.
  leftRight(font) {
    const open = this.fenced('left', null, 'prefix');
    const kids = this.list(font);
    const mids = [];
    while (this.peek() && this.peek().cmd === 'middle') {
      this.next();
      const m = this.fenced('middle', null, 'infix');
      mids.push(...kids.splice(0), ...(m ? [m] : []));
      kids.push(...this.list(font));
    }
    const t = this.next();
    if (!t || t.cmd !== 'right') throw new TexError('\\left without \\right');
    const close = this.fenced('right', null, 'postfix');
    const h = stretchHeight([...mids, ...kids].filter((k) => !(k.tag === 'mo' && k.attrs.stretchy === 'true' && !k.attrs.minsize)), this.display);
    [open, close, ...mids.filter((k) => k.attrs.form === 'infix')].forEach((m) => m && trim(m, h));
    return node('mrow', {}, [open, ...mids, ...kids, close].filter(Boolean));
  }

  // \operatorname{...}'s argument as one upright name.
  textual(font) {
    this.skipSpace();
    const g = this.group(font);
    const flat = (n) => (typeof n === 'string' ? n : n.kids.map(flat).join(''));
    const s = flat(g);
    if (!s) throw new TexError('empty \\operatorname');
    return s;
  }
  name(s, limits) {
    const n = limits ? leaf('mo', s, { lspace: '0.1667em', rspace: '0.1667em' }) : leaf('mi', s, s.length === 1 ? { mathvariant: 'normal' } : {});
    if (limits) { n.movable = true; return n; }
    n.fn = true;
    return n;
  }

  environment(font) {
    this.expect('{');
    let env = '';
    while (this.peek() && this.peek().ch !== '}') { const t = this.next(); env += t.ch ?? (t.cmd !== undefined ? `\\${t.cmd}` : ''); }
    this.expect('}');
    const FENCE = { bmatrix: ['[', ']'], pmatrix: ['(', ')'], vmatrix: ['|', '|'], Vmatrix: ['‖', '‖'], Bmatrix: ['{', '}'], matrix: null, cases: ['{', ''] };
    const known = env in FENCE || env === 'aligned' || env === 'gathered' || env === 'array' || env === 'align*' || env === 'smallmatrix';
    if (!known) throw new TexError(`unknown environment ${env}`);
    if (env === 'array') this.group(font);  // column spec: columns are centred
    const rows = [];
    let cells = [];
    for (;;) {
      cells.push(row(this.list(font)));
      const t = this.next();
      if (!t) throw new TexError(`\\begin{${env}} without \\end`);
      if (t.ch === '&') continue;
      if (t.cmd === '\\' || t.cmd === 'cr') { this.optional(); rows.push(cells); cells = []; continue; }
      if (t.cmd === 'end') {
        this.expect('{');
        let name = '';
        while (this.peek() && this.peek().ch !== '}') { const u = this.next(); name += u.ch ?? (u.cmd !== undefined ? `\\${u.cmd}` : ''); }
        this.expect('}');
        if (name !== env) throw new TexError(`\\begin{${env}} ended by \\end{${name}}`);
        break;
      }
      throw new TexError(`unexpected \\${t.cmd} in ${env}`);
    }
    if (cells.length > 1 || (cells.length === 1 && !(cells[0].tag === 'mrow' && !cells[0].kids.length))) rows.push(cells);
    const aligned = env === 'aligned' || env === 'align*';
    const attrs = {};
    if (aligned) attrs.class = 'tex-aligned';
    if (env === 'cases') attrs.class = 'tex-cases';
    if (env === 'gathered') attrs.class = 'tex-gathered';
    const styleKids = (k) => (aligned || env === 'gathered' ? [node('mstyle', { displaystyle: 'true', scriptlevel: '0' }, [k])] : [k]);
    const table = node('mtable', attrs, rows.map((r) => node('mtr', {}, r.map((c, j) => {
      const a = {};
      if (aligned) a.class = j % 2 ? 'tex-l' : 'tex-r';
      if (aligned && j % 2) infixFirst(c);
      if (env === 'cases') a.class = 'tex-l';
      return node('mtd', a, styleKids(c));
    }))));
    const fence = FENCE[env];
    if (!fence) return table;
    const [l, r] = fence;
    const h = stretchHeight([table], this.display);
    return node('mrow', {}, [
      l ? trim(leaf('mo', l, { stretchy: 'true', symmetric: 'true', form: 'prefix', lspace: '0', rspace: '0' }), h) : null,
      table,
      r ? trim(leaf('mo', r, { stretchy: 'true', symmetric: 'true', form: 'postfix', lspace: '0', rspace: '0' }), h) : null,
    ].filter(Boolean));
  }
}

// A binary operator with nothing to its left, or after a relation, an
// operator, an opening bracket or a separator, is a sign (TeX's rule):
// prefix form, no space around it, and no line break after it.
const OPENERS = new Set(['(', '[', '{', '⟨', '⌊', '⌈', ',', ';', '\u2061']);
function unary(kids) {
  for (let k = 0; k < kids.length; k++) {
    const n = kids[k];
    // A function name is followed by a thin space unless a bracket follows (\log x, \log(x)).
    const after = kids[k + 1];
    if (n.fn && after && after.tag !== 'mspace' && !(after.tag === 'mo' && OPENERS.has(after.kids[0])) && !(after.tag === 'mrow' && after.kids[0] && after.kids[0].cls === 'open')) {
      kids.splice(k + 1, 0, leaf('mspace', '', { width: '0.1667em' }));
    }
    const prev = kids[k - 1];
    // \max after =, an operator or a bracket: that one's space only (TeX adds no thin space there).
    const op = n.tag === 'mo' ? n : (n.tag === 'munder' || n.tag === 'munderover') && n.kids[0].tag === 'mo' ? n.kids[0] : null;
    if (op && op.movable && op.attrs.lspace === '0.1667em' && (!prev || prev.cls === 'rel' || prev.cls === 'bin' || prev.cls === 'open' || (prev.tag === 'mo' && OPENERS.has(prev.kids[0])))) op.attrs.lspace = '0';
    if (n.cls !== 'bin' || n.tag !== 'mo') continue;
    if (!prev || prev.cls === 'rel' || prev.cls === 'bin' || prev.cls === 'open' || prev.tag === 'mspace'
      || (prev.tag === 'mo' && OPENERS.has(prev.kids[0]))) {
      n.attrs.form = 'prefix';
      n.cls = undefined;
    }
  }
  return kids;
}

// The top-level nodes of a display formula, cut into the pieces a line may
// break between: after each relation and binary operator (never inside a
// group, a fraction or a \left...\right), and at \\.
function pieces(nodes) {
  const out = [[]];
  for (let k = 0; k < nodes.length; k++) {
    const n = nodes[k];
    if (n.newline) { out.push([]); out[out.length - 1].newline = true; continue; }
    out[out.length - 1].push(n);
    const breakable = (n.cls === 'rel' || n.cls === 'bin') && k > 0 && k < nodes.length - 1;
    if (breakable) {
      if (n.tag === 'mo') n.attrs.form = 'infix';
      out.push([]);
    }
  }
  return out.filter((p) => p.length);
}

// source -> [{tag: 'math', ...}, ...]: one tree, or a display formula's pieces.
export function texTrees(source, display = false) {
  const p = new Parser(source, display);
  const top = [];
  for (;;) {
    top.push(...p.list(null));
    const t = p.next();
    if (!t) break;
    if (t.cmd === '\\' && display) { p.optional(); top.push({ newline: true }); continue; }
    if (t.ch === '}') throw new TexError('unexpected "}"');
    throw new TexError(t.cmd !== undefined ? `unexpected \\${t.cmd}` : `unexpected "${t.ch}"`);
  }
  const parts = display ? pieces(top) : [top.filter((n) => !n.newline)];
  if (!parts.length) parts.push([]);
  return parts.map((kids, k) => {
    const body = node('mrow', {}, kids);
    const attrs = display ? { displaystyle: 'true' } : {};
    if (display && kids.newline) attrs['data-newline'] = '';
    const content = k === 0 ? node('semantics', {}, [body, leaf('annotation', String(source), { encoding: 'application/x-tex' })]) : body;
    return node('math', attrs, [content]);
  });
}

// A tree -> DOM (MathML namespace), never through HTML strings.
export function toDom(tree, doc = document) {
  if (typeof tree === 'string') return doc.createTextNode(tree);
  const el = doc.createElementNS(MATHML_NS, tree.tag);
  for (const [k, v] of Object.entries(tree.attrs)) el.setAttribute(k, v);
  for (const kid of tree.kids) if (kid !== '' || tree.tag !== 'mspace') el.appendChild(toDom(kid, doc));
  return el;
}
