// Builds dist/attention-lab-site.zip: the static site for instructors (the
// page, embed.html, attnlab.js, attnlab-embed.js, style.css, the math font's css,
// lessons.json) in one folder attention-lab/, to upload to any web host or
// LMS file area (docs/embedding.md, "Hosting the site"). Run after
// build-lib.mjs and build-page.mjs (scripts/build.sh does). The npm
// package's own files (ES modules, declarations) and archives stay out.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dist } from './build-common.mjs';
import { unzip, zipDirectory } from './zip.mjs';

export const SITE_ZIP = 'attention-lab-site.zip';
export const SITE_FOLDER = 'attention-lab/';
// The dist/ files that are not part of the site: archives (this one, the
// SCORM and cmi5 packages of dist/scorm/, dist/cmi5/) and the npm package's ES modules and
// declarations.
export const notSite = (rel) => /\.zip$/.test(rel) || rel.startsWith('scorm/') || rel.startsWith('cmi5/') || /\.d\.m?ts$/.test(rel) || /\.mjs$/.test(rel);

export function buildSite() {
  for (const need of ['index.html', 'embed.html', 'attnlab.js', 'app.js', 'attnlab-embed.js', 'lessons.json'])
    if (!fs.existsSync(path.join(dist, need))) throw new Error(`build-site: dist/${need} is missing: run build-lib.mjs and build-page.mjs first`);
  const archive = zipDirectory(dist, { prefix: SITE_FOLDER, filter: (rel) => !notSite(rel) });
  const files = unzip(archive).map((e) => e.name);   // reads back every entry (CRCs, sizes)
  const out = path.join(dist, SITE_ZIP);
  fs.writeFileSync(`${out}.tmp`, archive);
  fs.renameSync(`${out}.tmp`, out);
  return { bytes: archive.length, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bytes, files } = buildSite();
  console.log(`built dist/${SITE_ZIP} (${(bytes / 1000).toFixed(1)} KB, ${files.length} files)`);
}
