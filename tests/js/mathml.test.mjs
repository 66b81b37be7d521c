// web/math/mathml.js: the TeX our lessons write, converted to MathML Core
// trees (what the browser lays out), and everything else refused with a
// TexError and nothing worse. Every formula the lessons actually show is
// converted in the e2e layer (a formula that fails is a console error there)
// and every exercise's TeX for 25 seeds in exercises.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { texTrees, TexError } from '../../web/math/mathml.js';

// A tree as a short string: tag[attr=value,...](kids) and text as is.
const ser = (n) => (typeof n === 'string' ? n
  : `${n.tag}${Object.keys(n.attrs).length ? `[${Object.entries(n.attrs).map(([k, v]) => `${k}=${v}`).join(',')}]` : ''}(${n.kids.map(ser).join(' ')})`);
// The body of a one-piece formula (without <math>, <semantics> and the annotation).
const body = (tex, display = false) => {
  const trees = texTrees(tex, display);
  assert.equal(trees.length, 1, `${tex}: one piece`);
  return trees[0].kids[0].kids[0].kids.map(ser).join(' ');
};

test('each construct converts to the MathML a reader of TeX expects', () => {
  const cases = [
    ['x', 'mi(x)'],
    ['3.14', 'mn(3.14)'],
    ['-0.5', 'mo[form=prefix](−) mn(0.5)'],
    ['a - b', 'mi(a) mo(−) mi(b)'],
    ['a = -b', 'mi(a) mo(=) mo[form=prefix](−) mi(b)'],
    ['x^2', 'msup(mi(x) mn(2))'],
    ['x_{ij}^{\\top}', 'msubsup(mi(x) mrow(mi(i) mi(j)) mi[mathvariant=normal](⊤))'],
    ['e^{z_j - m}', 'msup(mi(e) mrow(msub(mi(z) mi(j)) mo[lspace=0,rspace=0](−) mi(m)))'],
    ["z'", 'mrow(mi(z) mo[lspace=0,rspace=0](′))'],
    ['\\frac{a}{b}', 'mfrac(mi(a) mi(b))'],
    // Numerator and denominator at script size said outright (WebKit does not shrink them for displaystyle=false alone).
    ['\\tfrac12', 'mstyle[displaystyle=false,scriptlevel=0](mfrac(mstyle[displaystyle=false,scriptlevel=1](mn(1)) mstyle[displaystyle=false,scriptlevel=1](mn(2))))'],
    ['\\sqrt{d_k}', 'msqrt[class=tex-k1](msub(mi(d) mi(k)))'],
    ['\\|u\\|_2', 'mo[stretchy=false,lspace=0,rspace=0](‖) mi(u) msub(mpadded[depth=0](mo[stretchy=false,lspace=0,rspace=0](‖)) mn(2))'],
    ['\\sqrt[3]{x}', 'mroot(mi(x) mn(3))'],
    ['\\alpha\\Sigma', 'mi(α) mi[mathvariant=normal](Σ)'],
    ['\\mathbb{R}^n', 'msup(mi[mathvariant=normal](ℝ) mi(n))'],
    ['\\mathbf 1', 'mn(𝟏)'],
    ['\\mathcal{N}', 'mi[mathvariant=normal](𝒩)'],
    ['\\mathrm{d}x', 'mi[mathvariant=normal](d) mi(x)'],
    ['\\text{if } x', 'mtext(if\u00a0) mi(x)'],
    ['\\operatorname{softmax}(z)', 'mi(softmax) mo[stretchy=false](() mi(z) mo[stretchy=false]())'],
    ['\\log x', 'mi(log) mspace[width=0.1667em]() mi(x)'],
    ['\\sum_{i=1}^n x_i', 'munderover(mo[largeop=false,movablelimits=true](∑) mrow(mi(i) mo[lspace=0,rspace=0](=) mn(1)) mi(n)) msub(mi(x) mi(i))'],
    ['\\max_j z_j', 'munder(mo[lspace=0,rspace=0.1667em,movablelimits=true](max) mi(j)) msub(mi(z) mi(j))'],
    ['x \\max_j z_j', 'mi(x) munder(mo[lspace=0.1667em,rspace=0.1667em,movablelimits=true](max) mi(j)) msub(mi(z) mi(j))'],
    ['\\hat{y}', 'mover[accent=true](mi(y) mo[stretchy=false](^))'],
    ['\\left( x \\right)', 'mrow(mo[stretchy=true,symmetric=true,form=prefix,lspace=0,rspace=0,class=tex-k12](() mi(x) mo[stretchy=true,symmetric=true,form=postfix,lspace=0,rspace=0,class=tex-k12]()))'],
    ['\\big( x \\big)', 'mo[minsize=1.18em,maxsize=1.18em,stretchy=true,symmetric=true,lspace=0,rspace=0,class=tex-k10](() mi(x) mo[minsize=1.18em,maxsize=1.18em,stretchy=true,symmetric=true,lspace=0,rspace=0,class=tex-k10]())'],
    ['\\begin{bmatrix}1 & 2\\\\3 & 4\\end{bmatrix}', 'mrow(mo[stretchy=true,symmetric=true,form=prefix,lspace=0,rspace=0,class=tex-k4]([) mtable(mtr(mtd(mn(1)) mtd(mn(2))) mtr(mtd(mn(3)) mtd(mn(4)))) mo[stretchy=true,symmetric=true,form=postfix,lspace=0,rspace=0,class=tex-k4](]))'],
    // braces drawn by style.css: Chromium misplaces a stretched ⏟
    ['\\underbrace{a+b}_{2}', 'munder(mrow[class=tex-underbrace](mi(a) mo(+) mi(b)) mn(2))'],
    ['\\overbrace{a}^{2}', 'mover(mrow[class=tex-overbrace](mi(a)) mn(2))'],
    // an arrow as a table (Chromium draws no head on a long stretched one); the phantom keeps it on the axis
    ['a \\xrightarrow{f} b', 'mi(a) mrow(mspace[width=0.2778em]() mtable[class=tex-xarrow](mtr(mtd(mstyle[displaystyle=false,scriptlevel=1](mi(f)))) '
      + 'mtr(mtd[class=tex-xr](mo[stretchy=false,lspace=0,rspace=0](→))) mtr(mtd(mstyle[displaystyle=false,scriptlevel=1](mphantom(mi(f)))))) mspace[width=0.2778em]()) mi(b)'],
    ['\\xleftarrow[n]{}', 'mrow(mspace[width=0.2778em]() mtable[class=tex-xarrow](mtr(mtd(mstyle[displaystyle=false,scriptlevel=1](mphantom(mi(n))))) '
      + 'mtr(mtd[class=tex-xl](mo[stretchy=false,lspace=0,rspace=0](←))) mtr(mtd(mstyle[displaystyle=false,scriptlevel=1](mi(n))))) mspace[width=0.2778em]())'],
    ['\\{1\\}', 'mo[stretchy=false]({) mn(1) mo[stretchy=false](})'],
    ['a\\quad b', 'mi(a) mspace[width=1em]() mi(b)'],
  ];
  for (const [tex, want] of cases) assert.equal(body(tex), want, tex);
});

test('aligned and cases: columns aligned right | left, a relation after & keeps its spaces', () => {
  const [t] = texTrees('\\begin{aligned} a &= b \\\\ &= c \\end{aligned}', true);
  const s = ser(t);
  assert.match(s, /mtable\[class=tex-aligned\]/);
  assert.match(s, /mtd\[class=tex-l\]\(mstyle\[displaystyle=true,scriptlevel=0\]\(mrow\(mo\[form=infix\]\(=\) mi\(b\)\)\)\)/);
  // after a space too: TeX's &\quad + is a binary + (spaced), not a sign
  assert.match(ser(texTrees('\\begin{aligned} a &= b \\\\ &\\quad + c \\end{aligned}', true)[0]), /mspace\[width=1em\]\(\) mo\[form=infix\]\(\+\) mi\(c\)/);
  assert.match(ser(texTrees('\\begin{cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases}', true)[0]), /mo\[[^\]]*form=prefix[^\]]*\]\(\{\) mtable\[class=tex-cases\]/);
});

test('a display formula breaks after its top-level relations and operators only', () => {
  const pieces = (tex) => texTrees(tex, true).map((t) => (t.kids[0].tag === 'semantics' ? t.kids[0].kids[0] : t.kids[0]).kids.map(ser).join(' '));
  assert.deepEqual(pieces('a = b + c'), ['mi(a) mo[form=infix](=)', 'mi(b) mo[form=infix](+)', 'mi(c)']);
  // not inside a group, a fraction or \left...\right; not after a sign
  assert.deepEqual(pieces('{a = b} = \\frac{c = d}{2} = -x').length, 3);
  assert.deepEqual(pieces('\\left( a = b \\right)').length, 1);
  assert.deepEqual(pieces('a \\\\ b'), ['mi(a)', 'mi(b)']);
  const trees = texTrees('x = 1', true);
  assert.equal(trees[0].kids[0].kids[1].tag, 'annotation', 'the first piece carries the source');
  assert.equal(trees[0].kids[0].kids[1].kids[0], 'x = 1');
  assert.equal(trees[1].kids[0].tag, 'mrow');
  assert.equal(texTrees('x = 1', false).length, 1, 'inline: one piece');
});

test('what is not our TeX is refused with a TexError, never run, never a crash', () => {
  const refused = [
    '\\href{javascript:alert(1)}{x}', '\\url{http://x}', '\\htmlClass{a}{b}', '\\includegraphics{x}', '\\def\\a{b}',
    '\\newcommand{\\a}{b}', '\\input{x}', '\\frac{1}', '\\frac', 'x^', 'x^^2', 'x^1^2', '{x', 'x}', '\\left( x', 'x \\right)',
    '\\begin{bmatrix} 1', '\\begin{foo}x\\end{foo}', '\\begin{bmatrix}1\\end{pmatrix}', '\\text{x', '\\',
    'x'.padEnd(5, '{').repeat(30), '{'.repeat(200) + 'x' + '}'.repeat(200), '\\sqrt[3', '&', '\\big',
  ];
  for (const tex of refused) assert.throws(() => texTrees(tex, true), TexError, tex);
  assert.throws(() => texTrees('x+'.repeat(30000), true), /too large/);
});

test('random token soup: a TexError or a tree of MathML elements and attributes from fixed lists', () => {
  const TAGS = new Set(['math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'mtext', 'mspace', 'msub', 'msup', 'msubsup',
    'munder', 'mover', 'munderover', 'mfrac', 'msqrt', 'mroot', 'mstyle', 'mtable', 'mtr', 'mtd', 'mpadded', 'mphantom', 'menclose']);
  const ATTRS = new Set(['displaystyle', 'scriptlevel', 'mathvariant', 'stretchy', 'symmetric', 'form', 'lspace', 'rspace', 'minsize',
    'maxsize', 'largeop', 'movablelimits', 'separator', 'accent', 'accentunder', 'width', 'encoding', 'class', 'linethickness',
    'notation', 'data-newline', 'depth']);
  const TOKENS = ['x', '1', '.', '+', '-', '=', '(', ')', '[', ']', '|', '{', '}', '^', '_', '&', "'", ' ', '\\\\', '\\frac', '\\sqrt',
    '\\left(', '\\right)', '\\big(', '\\text{a}', '\\text{', '\\begin{bmatrix}', '\\end{bmatrix}', '\\begin{aligned}', '\\end{aligned}',
    '\\alpha', '\\sum', '\\max', '\\hat', '\\underbrace', '\\mathbf', '\\operatorname{f}', '\\quad', '\\textstyle', '\\limits', '\\foo', '$', '%', '中'];
  let seed = 12345;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  let ok = 0;
  const check = (n) => {
    if (typeof n === 'string') return;
    assert.ok(TAGS.has(n.tag), n.tag);
    for (const a of Object.keys(n.attrs)) assert.ok(ATTRS.has(a), a);
    n.kids.forEach(check);
  };
  for (let k = 0; k < 3000; k++) {
    const tex = Array.from({ length: 1 + rand(14) }, () => TOKENS[rand(TOKENS.length)]).join('');
    for (const display of [false, true]) {
      try {
        texTrees(tex, display).forEach(check);
        ok++;
      } catch (e) {
        if (!(e instanceof TexError)) assert.fail(`${JSON.stringify(tex)}: ${e.stack}`);
      }
    }
  }
  assert.ok(ok > 500, `only ${ok} of the random formulas converted`);
});

test('a function name keeps its space after it with a subscript too (\\log_2 x), none before a bracket', () => {
  assert.match(body('\\log_2 x'), /^msub\(mi\(log\) mn\(2\)\) mspace\[width=0\.1667em\]\(\) mi\(x\)$/);
  assert.doesNotMatch(body('\\log_2(x)'), /mspace/);
});
