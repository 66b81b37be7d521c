// Commands from the embedding page: only {type: 'attnlab:set', key: value,
// ...} from our own parent window is accepted; its entries go through the
// same schema as URL parameters (the caller validates them). Everything else
// is ignored without a word, so that a host's unrelated messages stay silent.

const MAX_KEYS = 40;
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

// A message's data -> URLSearchParams of its entries, or null if it is not a
// well-formed set command. Values must be strings, finite numbers or
// booleans (booleans become "1"/"0"), as they would appear in a URL.
export function parseSetCommand(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  if (Object.getPrototypeOf(data) !== Object.prototype && Object.getPrototypeOf(data) !== null) return null;
  if (data.type !== 'attnlab:set') return null;
  const keys = Object.keys(data).filter((k) => k !== 'type');
  if (keys.length === 0 || keys.length > MAX_KEYS) return null;
  const out = new URLSearchParams();
  for (const k of keys) {
    const v = data[k];
    if (!KEY.test(k)) return null;
    if (typeof v === 'string') { if (v.length > 4000) return null; out.set(k, v); }
    else if (typeof v === 'number' && Number.isFinite(v)) out.set(k, String(v));
    else if (typeof v === 'boolean') out.set(k, v ? '1' : '0');
    else return null;
  }
  return out;
}

// {type: 'attnlab:get'}: the host asks for the lesson's progress and state.
export const isGetCommand = (data) => !!data && typeof data === 'object' && !Array.isArray(data) && data.type === 'attnlab:get';

// Calls onSet(params) for each valid set command from window.parent, and
// onGet() for each get command.
export function listenForCommands(onSet, onGet = () => {}) {
  if (window.parent === window) return;
  window.addEventListener('message', (e) => {
    if (e.source !== window.parent) return;
    if (isGetCommand(e.data)) { onGet(); return; }
    const params = parseSetCommand(e.data);
    if (params) onSet(params);
  });
}
