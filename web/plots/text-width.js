// The width of a figure's text before it is drawn (layout reads would cost
// a forced layout per figure): CJK and full-width characters are square,
// the rest about 0.6 em (a little more than the sans-serif average, so a
// gutter is never short).
const WIDE = /[\u2e80-\u9fff\uff00-\uffef]/;
export const textWidth = (text, px = 11) => [...String(text)].reduce((w, c) => w + (WIDE.test(c) ? px : 0.6 * px), 0);
