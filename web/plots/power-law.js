// Least-squares line through (log10 x, log10 y): {slope, intercept, from,
// to}, for an x-y chart series' `fit` (a power law y = 10^intercept x^slope,
// straight on log-log axes, its slope the exponent). Presentation only: the
// points themselves come from the core.
export function fitPowerLaw(points) {
  const p = points.filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y));
  if (p.length < 2) return null;
  const X = p.map(([x]) => Math.log10(x)), Y = p.map(([, y]) => Math.log10(y));
  const mx = X.reduce((a, b) => a + b, 0) / X.length, my = Y.reduce((a, b) => a + b, 0) / Y.length;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < X.length; i++) { sxy += (X[i] - mx) * (Y[i] - my); sxx += (X[i] - mx) ** 2; }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, from: Math.min(...p.map((q) => q[0])), to: Math.max(...p.map((q) => q[0])) };
}
