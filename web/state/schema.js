// Typed, bounded parameters: the one schema that URL values (and, later,
// postMessage commands) are validated against. Invalid values fall back to
// the default and are reported, never rendered as HTML.
//
// A schema is {name: spec}; spec.type is one of
//   number  {min, max, default}          integer {min, max, default}
//   boolean {default}                    enum    {values, default}
//   vector  {minLength, maxLength, min, max, default}     "2,1,0.1"
//   matrix  {maxRows, maxCols, min, max, default}         "1,2;3,4"
//   set     {values, default}   names from values, "title,steps" (no repeats)
//   text    {pattern, maxLength, default}   the whole value matches pattern
//           (a RegExp source; JSON-safe, so lessons.json can list it)

const NUM = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function num(raw, spec) {
  if (!NUM.test(raw)) return { error: 'not a number' };
  const x = Number(raw);
  if (!Number.isFinite(x)) return { error: 'not finite' };
  if (spec.min !== undefined && x < spec.min) return { error: `below ${spec.min}` };
  if (spec.max !== undefined && x > spec.max) return { error: `above ${spec.max}` };
  return { value: x };
}

// A number as an editor holds it, checked as a link would check it (the
// editors accept exactly what the URL schema accepts): {value} | {error}.
export function checkNumber(x, spec) {
  return typeof x === 'number' ? num(String(x), spec) : { error: 'not a number' };
}

function list(raw, spec, sep) {
  const parts = raw.split(sep);
  const out = [];
  for (const p of parts) {
    const r = num(p.trim(), spec);
    if (r.error) return r;
    out.push(r.value);
  }
  return { value: out };
}

export function parseValue(raw, spec) {
  if (typeof raw !== 'string' || raw.length > 4000) return { error: 'too long' };
  switch (spec.type) {
    case 'number': return num(raw, spec);
    case 'integer': {
      const r = num(raw, spec);
      return r.error || Number.isInteger(r.value) ? r : { error: 'not an integer' };
    }
    case 'boolean':
      if (raw === '1' || raw === 'true') return { value: true };
      if (raw === '0' || raw === 'false') return { value: false };
      return { error: 'not a boolean' };
    case 'enum':
      return spec.values.includes(raw) ? { value: raw } : { error: `not one of ${spec.values.join(', ')}` };
    case 'set': {
      const names = raw === '' ? [] : raw.split(',').map((x) => x.trim());
      const bad = names.find((x) => !spec.values.includes(x));
      if (bad !== undefined) return { error: `not a list of ${spec.values.join(', ')}` };
      if (new Set(names).size !== names.length) return { error: 'repeated name' };
      return { value: names };
    }
    case 'vector': {
      const r = list(raw, spec, ',');
      if (r.error) return r;
      if (r.value.length < (spec.minLength || 1) || r.value.length > (spec.maxLength || 64)) return { error: 'bad length' };
      return r;
    }
    case 'matrix': {
      const rows = raw.split(';').map((row) => list(row, spec, ','));
      const bad = rows.find((r) => r.error);
      if (bad) return bad;
      const m = rows.map((r) => r.value);
      if (m.length > (spec.maxRows || 16) || m[0].length > (spec.maxCols || 16)) return { error: 'too large' };
      if (m.some((row) => row.length !== m[0].length)) return { error: 'ragged rows' };
      return { value: m };
    }
    case 'text':
      if (raw.length > (spec.maxLength || 64)) return { error: 'too long' };
      return new RegExp(`^(?:${spec.pattern})$`).test(raw) ? { value: raw } : { error: 'not in the expected form' };
    default:
      return { error: 'unknown type' };
  }
}

export function encodeValue(v, spec) {
  switch (spec.type) {
    case 'boolean': return v ? '1' : '0';
    case 'vector': case 'set': return v.map(String).join(',');
    case 'matrix': return v.map((row) => row.map(String).join(',')).join(';');
    default: return String(v);
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// URLSearchParams -> {values, errors}. Unknown keys are ignored (they may
// belong to the shell); known keys with bad values are reported.
export function readParams(params, schema) {
  const values = {};
  const errors = [];
  for (const [key, spec] of Object.entries(schema)) {
    values[key] = structuredCloneSafe(spec.default);
    if (!params.has(key)) continue;
    const r = parseValue(params.get(key), spec);
    if (r.error) errors.push({ key, reason: r.error });
    else values[key] = r.value;
  }
  return { values, errors };
}

// Values -> entries for the URL, skipping defaults to keep links short.
export function writeParams(values, schema) {
  const out = [];
  for (const [key, spec] of Object.entries(schema))
    if (values[key] !== undefined && !same(values[key], spec.default)) out.push([key, encodeValue(values[key], spec)]);
  return out;
}

function structuredCloneSafe(v) {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}
