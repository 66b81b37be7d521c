// The API's names as three places write them, for api-fixtures.test.mjs:
// the specs (web/lib/specs/<area>.js), the TypeScript declarations
// (web/lib/types/<area>.d.ts, head.d.ts for the facade's own members;
// assembled into dist/attnlab.d.ts) and the README's "JavaScript API" table.
// Each gives {area, name -> {area, args, options}}: args are the positional
// argument names ('b?' when optional), options the option names (null:
// the function takes no options object; README: null where it does not say).
// A plain regex and bracket-depth parse: enough for the declarations we write.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const specsDir = path.join(root, 'web/lib/specs');
const typesDir = path.join(root, 'web/lib/types');

// --- specs: one file per area; files without a default export (optim-result.js) are helpers.
export async function specNames() {
  const out = {};
  for (const f of fs.readdirSync(specsDir).filter((x) => x.endsWith('.js') && x !== 'index.js').sort()) {
    const mod = await import(pathToFileURL(path.join(specsDir, f)).href);
    if (!mod.default) continue;
    for (const [name, spec] of Object.entries(mod.default)) {
      out[name] = {
        area: f.replace(/\.js$/, ''),
        args: spec.args.map(([a, kind]) => (typeof kind === 'string' && kind.endsWith('?') ? `${a}?` : a)),
        options: spec.options ? Object.keys(spec.options).sort() : null,
      };
    }
  }
  return out;
}

// --- TypeScript declarations
const stripComments = (s) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

// Splits s at the separators that are outside (), [], {} and <> ('=>' is no bracket).
function splitTop(s, seps) {
  const parts = [];
  let depth = 0, start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if ('([{<'.includes(ch)) depth++;
    else if (')]}'.includes(ch) || (ch === '>' && s[i - 1] !== '=')) depth--;
    else if (depth === 0 && seps.includes(ch)) { parts.push(s.slice(start, i)); start = i + 1; }
  }
  parts.push(s.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

// The text between the bracket at s[open] and its partner.
function inside(s, open) {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if ('([{<'.includes(s[i])) depth++;
    else if (')]}'.includes(s[i]) || (s[i] === '>' && s[i - 1] !== '=')) {
      if (--depth === 0) return s.slice(open + 1, i);
    }
  }
  throw new Error(`unbalanced brackets after: ${s.slice(open, open + 60)}`);
}

// Every `interface Name extends A, B { body }` of the text (same name: bodies merged).
function interfaces(text) {
  const out = {};
  const re = /interface\s+(\w+)(?:\s+extends\s+([\w\s,]+?))?\s*\{/g;
  let m;
  while ((m = re.exec(text)) !== null) {
    const body = inside(text, m.index + m[0].length - 1);
    const it = (out[m[1]] ||= { bodies: [], extends: [] });
    it.bodies.push(body);
    if (m[2]) it.extends.push(...m[2].split(',').map((x) => x.trim()));
  }
  return out;
}

// Members of an interface (or object type) body: {name, params?} (params: the text inside a method's parentheses).
function members(body) {
  return splitTop(body, ';,').map((m) => {
    const hit = m.match(/^(?:readonly\s+)?(\w+)\??\s*([(:])/);
    if (!hit) throw new Error(`cannot read the declaration member: ${m}`);
    return { name: hit[1], params: hit[2] === '(' ? inside(m, m.indexOf('(')) : null };
  });
}

// Property names of a type: a named interface (with what it extends), an object literal, or an intersection of these.
function propertyNames(type, ifaces) {
  const names = new Set();
  for (const part of splitTop(type, '&')) {
    if (part.startsWith('{')) members(inside(part, 0)).forEach((m) => names.add(m.name));
    else {
      const it = ifaces[part];
      if (!it) throw new Error(`type ${part} is not an interface declared in web/lib/types`);
      it.bodies.forEach((b) => members(b).forEach((m) => names.add(m.name)));
      it.extends.forEach((e) => propertyNames(e, ifaces).forEach((n) => names.add(n)));
    }
  }
  return names;
}

// {name -> {area, args, options}} from the AttnLabApi members of each file
// (texts: [[area, source]]); overloads are merged (their option types' union).
export function declaredNames(texts) {
  const all = texts.map(([area, src]) => [area, stripComments(src)]);
  const ifaces = interfaces(all.map(([, s]) => s).join('\n'));
  const out = {};
  for (const [area, src] of all) {
    const api = interfaces(src).AttnLabApi;
    if (!api) continue;
    for (const body of api.bodies) {
      for (const { name, params } of members(body)) {
        const entry = (out[name] ||= { area, args: null, options: null });
        if (entry.area !== area) throw new Error(`${name} is declared in both ${entry.area}.d.ts and ${area}.d.ts`);
        if (params === null) continue;  // a property (functions)
        const ps = splitTop(params, ',').map((p) => p.match(/^(\w+)(\?)?\s*:\s*([\s\S]+)$/));
        const opts = ps.find((p) => p && p[1] === 'options');
        entry.args ??= ps.filter((p) => p && p[1] !== 'options').map((p) => p[1] + (p[2] || ''));
        if (opts) entry.options = [...new Set([...(entry.options || []), ...propertyNames(opts[3].trim(), ifaces)])].sort();
      }
    }
  }
  return out;
}

export function typeSources() {
  return fs.readdirSync(typesDir).filter((f) => f.endsWith('.d.ts')).sort()
    .map((f) => [f.replace(/\.d\.ts$/, ''), fs.readFileSync(path.join(typesDir, f), 'utf8')]);
}

// --- README.md, "JavaScript API": the table `| area | functions ... |`.
// Area labels of the table, as the specs' and types' file names.
export const README_AREAS = {
  'linear algebra': 'linalg', probability: 'prob', softmax: 'softmax', optimization: 'optim', regression: 'regression',
  attention: 'attention', 'SVD and low rank': 'lowrank', graphs: 'graph', information: 'info', complexity: 'complexity',
  analysis: 'analysis', gradients: 'grad', training: 'train', transformers: 'transformer', diagnostics: 'head',
  'flash attention': 'flash',
  precision: 'precision', 'linear attention': 'linear',
};

// {name -> {area, args, options, partial}}: a backticked `name` or `name(args)`;
// options are the names in its {braces}; partial: the braces end in '...'
// (more options than listed) or the signature says just `options`.
export function readmeNames(text = fs.readFileSync(path.join(root, 'README.md'), 'utf8')) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^\|\s*area\s*\|\s*functions/.test(l));
  if (start < 0) throw new Error('README.md has no "| area | functions ..." table');
  const out = {};
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [, label, cell] = line.split('|').map((x) => x.trim());
    const area = README_AREAS[label];
    if (!area) throw new Error(`README.md API table: unknown area "${label}" (add it to README_AREAS in tests/js/api-names.mjs)`);
    for (const [, code] of cell.matchAll(/`([^`]+)`/g)) {
      const m = code.replace(/\*/g, '').match(/^(\w+)(?:\((.*)\))?$/);
      if (!m) continue;  // a result shape ({pX, pY, ...}) or another name (numpy.linalg.lstsq)
      if (out[m[1]]) throw new Error(`README.md API table names ${m[1]} twice`);
      const sig = m[2];
      const braces = sig?.match(/\{([^}]*)\}/);
      const listed = braces ? braces[1].split(',').map((x) => x.trim()).filter(Boolean) : [];
      const partial = sig === undefined || listed.some((x) => /^(\.\.\.|…)$/.test(x)) || /\boptions\b/.test(sig);
      out[m[1]] = {
        area,
        options: sig === undefined ? null : listed.filter((x) => !/^(\.\.\.|…)$/.test(x)).sort(),
        partial,
      };
    }
  }
  return out;
}
