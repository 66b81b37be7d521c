// SVG path data of a d3.contours() MultiPolygon, its grid coordinates
// mapped to pixels by to(x, y) -> [px, py]: what d3.geoPath(geoTransform)
// made of it (each ring M..L..Z without GeoJSON's repeated last point,
// numbers rounded to 3 decimals; the same strings, tests/js/d3-parts.test.mjs),
// without d3-geo (12 KB for this one use).
const round = (v) => Math.round(v * 1000) / 1000;
export function contourPath(multi, to) {
  let d = '';
  for (const polygon of multi.coordinates) {
    for (const ring of polygon) {
      for (let i = 0; i < ring.length - 1; i++) {
        const [x, y] = to(ring[i][0], ring[i][1]);
        d += `${i ? 'L' : 'M'}${round(x)},${round(y)}`;
      }
      d += 'Z';
    }
  }
  return d;
}
