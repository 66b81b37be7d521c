// Print: a display formula wider than the paper makes the browser shrink
// the whole lesson to fit it, or cuts it off. In print a formula breaks
// between its top-level terms (after =, +: math/mathml.js); one whose widest
// unbreakable part (a long row vector, an aligned block) is still wider
// than its place on the page gets a smaller font, for print only
// (--print-fs, the largest size at which it fits), measured here before
// printing. A term's width in em does not depend on the layout around it,
// so the screen layout measures it, whatever size a phone shows it at.

// CSS px across A4 portrait inside 12.7 mm margins (Letter is wider).
export const PRINT_WIDTH = 698;

const SIDES = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'];

// The padding and borders around el up to root: the page width minus them
// is its place in print, where the lesson's blocks stack at full width.
function inset(el, root) {
  let s = 0;
  for (let a = el; a && a !== root.parentElement; a = a.parentElement) {
    const cs = getComputedStyle(a);
    for (const k of SIDES) s += parseFloat(cs[k]) || 0;
  }
  return s;
}

export function fitFormulasForPrint(root) {
  const html = document.documentElement;
  html.classList.add('print-measure');  // the steps written out for print, laid out for measuring (style.css)
  try {
    for (const d of root.querySelectorAll('.tex-math-display')) {
      const k = d;
      const parts = [...d.querySelectorAll(':scope > math')];
      const widest = Math.max(0, ...parts.map((p) => p.getBoundingClientRect().width));
      // A little to spare: not every length in a formula scales with its font.
      const room = 0.96 * (PRINT_WIDTH - inset(d, root));
      const em = k ? widest / parseFloat(getComputedStyle(k).fontSize) : 0;
      if (em > 0 && room > 0) d.style.setProperty('--print-fs', `${(room / em).toFixed(2)}px`);
      else d.style.removeProperty('--print-fs');
    }
  } finally {
    html.classList.remove('print-measure');
  }
}
