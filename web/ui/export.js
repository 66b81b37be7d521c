// Exports: matrices as CSV / JSON, figures as SVG / PNG. Downloads go
// through a Blob URL on a temporary link (no network, works from file://).
import { full } from '../util/format.js';

export function download(filename, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const matrixToCsv = (m) => m.map((row) => row.map(full).join(',')).join('\n') + '\n';
export const matrixToJson = (m) => JSON.stringify(m.map((row) => row.map((x) => (Number.isFinite(x) ? x : full(x)))));

export function downloadMatrix(name, m, format) {
  if (format === 'csv') download(`${name}.csv`, new Blob([matrixToCsv(m)], { type: 'text/csv' }));
  else download(`${name}.json`, new Blob([matrixToJson(m)], { type: 'application/json' }));
}

export function svgText(svg) {
  const clone = svg.cloneNode(true);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return new XMLSerializer().serializeToString(clone);
}

export function downloadSvg(name, svg) {
  download(`${name}.svg`, new Blob([svgText(svg)], { type: 'image/svg+xml' }));
}

// Rasterizes the SVG at 2x through an <img> of a data: URL (allowed by img-src data:).
export function downloadPng(name, svg) {
  const w = svg.viewBox.baseVal.width || svg.clientWidth || 400;
  const hgt = svg.viewBox.baseVal.height || svg.clientHeight || 300;
  const img = new Image();
  img.onload = () => {
    const c = document.createElement('canvas');
    c.width = w * 2;
    c.height = hgt * 2;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.drawImage(img, 0, 0, c.width, c.height);
    c.toBlob((b) => b && download(`${name}.png`, b), 'image/png');
  };
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText(svg))}`;
}
