// Every function and arrow under web/ (or the given files/folders) with its length in lines, longest first: node scripts/function-lengths.mjs [--top N] [--over N] [path...]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

// acorn is not a dependency of the package: Debian's node-acorn, else one a bundler brought along.
const require = createRequire(import.meta.url);
const acorn = fs.existsSync('/usr/share/nodejs/acorn') ? require('/usr/share/nodejs/acorn') : require('acorn');

const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i < 0 ? null : Number(args.splice(i, 2)[1]); };
const top = option('--top');
const over = option('--over') ?? 0;
const roots = args.length ? args : ['web'];

const files = (p) => fs.statSync(p).isDirectory()
  ? fs.readdirSync(p).sort().flatMap((f) => files(path.join(p, f)))
  : /\.m?js$/.test(p) ? [p] : [];

const keyName = (k) => (k.type === 'Identifier' ? k.name : k.type === 'Literal' ? String(k.value) : '[computed]');
// A readable name: the declaration, the variable, property or assignment target it is bound to, else the call it is passed to.
function nameOf(node, parent) {
  if (node.id) return node.id.name;
  if (!parent) return '<anonymous>';
  if (parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && parent.value === node) return keyName(parent.key);
  if (parent.type === 'AssignmentExpression' && parent.right === node) return parent.left.type === 'MemberExpression' ? keyName(parent.left.property) : parent.left.name || '<anonymous>';
  if (parent.type === 'CallExpression' && parent.arguments.includes(node)) {
    const c = parent.callee;
    return `<arg of ${c.type === 'MemberExpression' ? keyName(c.property) : c.name || 'call'}>`;
  }
  return '<anonymous>';
}

const rows = [];
function visit(node, parent, file) {
  if (!node || typeof node.type !== 'string') return;
  if (/Function|ArrowFunction/.test(node.type) && node.loc) {
    rows.push({ lines: node.loc.end.line - node.loc.start.line + 1, where: `${file}:${node.loc.start.line}`, name: nameOf(node, parent) });
  }
  for (const key of Object.keys(node)) {
    if (key === 'loc') continue;
    const v = node[key];
    if (Array.isArray(v)) for (const c of v) visit(c, node, file);
    else if (v && typeof v.type === 'string') visit(v, node, file);
  }
}

for (const file of roots.flatMap(files)) {
  const ast = acorn.parse(fs.readFileSync(file, 'utf8'), { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true });
  visit(ast, null, file);
}
rows.sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where));
const shown = rows.filter((r) => r.lines > over).slice(0, top ?? undefined);
for (const r of shown) console.log(`${String(r.lines).padStart(5)}  ${r.where}  ${r.name}`);
