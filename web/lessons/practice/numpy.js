// Writing matrices the way Python sees them, for the practice lesson's
// "copy this into Python" code. No DOM, no wasm: plain functions.
//
//   pyNumber(x)        a JS number as a Python float literal that reads back
//                      as the same double (JS's shortest round-trip repr)
//   pyArray(name, m)   "Q = np.array([[1, 2],\n              [3, 4]], dtype=float)"
//   jsArray(name, m)   "const Q = [[1, 2], [3, 4]];"
//   numpyStr(m)        what print(m) shows for a 2-D float array after
//                      np.set_printoptions(precision=6, suppress=True)
//                      (NumPy >= 1.14: floatmode 'maxprec', linewidth 75),
//                      so the page can show what running the code prints.

// JS and Python both print the shortest decimal that reads back as the same
// double; only the exponent spelling differs ("1e-7" vs "1e-07"), and Python
// reads both. -0 is written "-0.0" so that it survives.
export function pyNumber(x) {
  if (Object.is(x, -0)) return '-0.0';
  return String(x);
}

const jsNumber = (x) => (Object.is(x, -0) ? '-0' : String(x));

export function pyArray(name, m) {
  const head = `${name} = np.array([`;
  const pad = ' '.repeat(head.length);
  const rows = m.map((row) => `[${row.map(pyNumber).join(', ')}]`);
  return `${head}${rows.join(`,\n${pad}`)}], dtype=float)`;
}

export function jsArray(name, m) {
  const head = `const ${name} = [`;
  const pad = ' '.repeat(head.length);
  const rows = m.map((row) => `[${row.map(jsNumber).join(', ')}]`);
  return `${head}${rows.join(`,\n${pad}`)}];`;
}

// ---- print(array) with precision=6, suppress=True ------------------------

// x rounded to `precision` fractional digits, correctly rounded with ties to
// even (NumPy's Dragon4), trailing zeros trimmed but the point kept: "3.",
// "0.5", "-0.264458". Number#toFixed rounds ties away from zero, so exact
// ties are detected on the exact decimal expansion (toFixed(100) is exact
// for every double above 2^-47; smaller ones round to 0 and are never ties).
export function dragon4Positional(x, precision = 6) {
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  let s = a.toFixed(precision);
  if (a >= 2 ** -47 && a < 1e21) {
    const exact = a.toFixed(100);
    const dot = exact.indexOf('.');
    const tail = exact.slice(dot + 1 + precision);
    if (/^50*$/.test(tail)) {
      // Exactly halfway: round to even instead of up.
      const kept = exact.slice(0, dot + 1 + precision);
      const last = Number(kept[kept.length - 1]);
      if (last % 2 === 0) s = precision ? kept : kept.slice(0, -1);
    }
  }
  s = s.includes('.') ? s.replace(/0+$/, '') : `${s}.`;
  return (neg ? '-' : '') + s;
}

// One row's elements joined with ' ', wrapped like NumPy's _formatArray
// (line width 75, a hanging indent of two spaces for a 2-D array).
export function numpyStr(m, { precision = 6, lineWidth = 75 } = {}) {
  const strs = m.map((row) => row.map((x) => (Number.isFinite(x) ? dragon4Positional(x, precision) : null)));
  let padLeft = 0, padRight = 0;
  for (const row of strs) for (const s of row) {
    if (s === null) continue;
    const [ip, fp] = s.split('.');
    padLeft = Math.max(padLeft, ip.length);
    padRight = Math.max(padRight, fp.length);
  }
  const hasNonFinite = m.some((row) => row.some((x) => !Number.isFinite(x)));
  if (hasNonFinite) {
    const neginf = m.some((row) => row.some((x) => x === -Infinity));
    padLeft = Math.max(padLeft, 3 - (padRight + 1), 3 + (neginf ? 1 : 0) - (padRight + 1));
  }
  const word = (x, s) => {
    if (s === null) {
      const ret = Number.isNaN(x) ? 'nan' : x < 0 ? '-inf' : 'inf';
      return ' '.repeat(Math.max(0, padLeft + padRight + 1 - ret.length)) + ret;
    }
    const [ip, fp] = s.split('.');
    return ip.padStart(padLeft, ' ') + '.' + fp.padEnd(padRight, ' ');
  };
  // Rows: hanging indent '  ', element width = 75 - len(']') - len(']').
  const hanging = '  ';
  const elemWidth = lineWidth - 1 - 1;
  const rows = m.map((row, i) => {
    let s = '';
    let line = hanging;
    row.forEach((x, j) => {
      const w = word(x, strs[i][j]);
      if (line.length + w.length > elemWidth && line.length > hanging.length) {
        s += line.replace(/\s+$/, '') + '\n';
        line = hanging;
      }
      line += w;
      if (j < row.length - 1) line += ' ';
    });
    s += line;
    return '[' + s.slice(hanging.length) + ']';
  });
  return '[' + rows.join('\n ') + ']';
}
