// Shared bits of the complexity lesson: the three kinds of attention, their
// options for lab.attentionCost / lab.timeAttention, and byte formatting.
import { fmt } from '../../util/format.js';

export const KINDS = ['full', 'sparse', 'lowRank'];
export const KIND_CLASS = { full: 'cx-full', sparse: 'cx-sparse', lowRank: 'cx-low' };

// Options object for the core: window / rank only where the kind needs them.
export function kindOptions(kind, { w, r }) {
  if (kind === 'sparse') return { kind, window: w };
  if (kind === 'lowRank') return { kind, rank: r };
  return { kind };
}

// Bytes in binary units (1 MB = 2^20 bytes, as the wasm memory cap is counted).
export function fmtBytes(b) {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let i = 0;
  let v = b;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return `${fmt(v, v >= 100 ? 4 : 3)} ${units[i]}`;
}

export const fmtN = (n) => (n >= 1024 && n % 1024 === 0 ? `${n / 1024}k` : String(n));
