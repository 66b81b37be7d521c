// A lesson's instructor kit (teacher=1): objectives with the exercises that
// check them, a 50-minute plan, the misconceptions the exercises catch,
// discussion questions, a class link (the lesson at a fixed xseed) with the
// answer key at that seed, how to embed or import the lesson, and a
// "Print handout" button (print CSS: the kit and the key, no figures).
// The kit's words are web/course/teacher-strings.json; its content is the
// lesson's course.json ("teacher"), both in this script only.
import { h } from '../ui/dom.js';
import { translator } from '../ui/i18n.js';
import { rich } from '../math/rich-text.js';
import { texNode } from '../math/tex.js';
import { instanceOf } from '../lessons/shared/exercises/seed.js';
import { answerOf } from '../lessons/shared/exercises/card.js';
import { texWords } from '../lessons/shared/exercises/tex-words.js';
import COURSE from 'attnlab:lessons/course.json';
import STRINGS from './teacher-strings.json';

// Every exercise's numbers at the seed, with its translator (k) and title.
function instances(defs, seed, lab, t) {
  return defs.map((def) => {
    let inst = null;
    try { inst = instanceOf(def, seed, lab); } catch (e) { console.error(`exercise ${def.id}:`, e); }
    const k = (key, vars) => t(`ex.${def.id}.${key}`, { ...(inst ? inst.vars : {}), ...vars });
    return { def, inst, k, title: k('title').replace(/[$*`]/g, '') };
  });
}

const part = (title, ...body) => h('div', { class: 'kit-part' }, h('h3', {}, title), ...body);

function planTable(rows, kt) {
  const total = rows.reduce((s, [m]) => s + m, 0);
  return h('table', { class: 'kit-plan' },
    h('tbody', {}, ...rows.map(([m, text]) => h('tr', {}, h('td', { class: 'kit-min' }, kt('minutes', { n: m })), h('td', {}, text)))),
    h('tfoot', {}, h('tr', {}, h('td', { colspan: '2' }, kt('total', { n: total })))));
}

// The address of this lesson at one seed, for the whole class.
function classUrl(id, lang, seed) {
  const base = String(location.href).split(/[?#]/)[0];
  return `${base}?lesson=${id}&lang=${lang}&xseed=${seed}`;
}

function classLink({ meta, lang, seed, setSeed }, kt) {
  const url = classUrl(meta.id, lang, seed);
  const field = h('input', { type: 'text', class: 'kit-url', readonly: true, value: url, 'aria-label': kt('classLink'), onfocus: (e) => e.target.select() });
  const said = h('span', { class: 'kit-copied', role: 'status' });
  const copy = () => {
    field.select();
    const done = () => { said.textContent = kt('copied'); };
    const fail = () => { said.textContent = kt('copyFailed'); };
    // The clipboard API is refused in some frames and from file://.
    try { navigator.clipboard.writeText(url).then(done, fail); } catch { fail(); }
  };
  return part(kt('classLink'),
    h('p', {}, kt('classLinkHelp')),
    h('p', { class: 'kit-seed' }, kt('seed', { seed })),
    h('div', { class: 'kit-link-row' }, field,
      h('button', { type: 'button', class: 'btn btn-small kit-copy', onclick: copy }, kt('copy')),
      h('button', { type: 'button', class: 'btn btn-small kit-new-link', onclick: () => setSeed(1 + Math.floor(Math.random() * 2147483646)) }, kt('newLink')),
      said),
    h('a', { class: 'kit-url-print', href: url }, h('code', {}, url)));
}

function answerKey(items, kt, t) {
  return part(kt('answerKey'),
    h('p', {}, kt('answerKeyHelp')),
    h('ol', { class: 'kit-answers' }, ...items.filter((x) => x.inst).map(({ def, inst, k, title }) => h('li', { class: 'kit-answer', 'data-answer-for': def.id },
      h('p', { class: 'kit-answer-title' }, rich(title)),
      // A minus sign, not a hyphen, before a number, as on the exercise cards.
      h('p', { class: 'kit-answer-value' }, t('ex.answer'), ' ', rich(answerOf(inst, k).replace(/(^|[\s,([=:])-(?=\d|\.\d)/g, '$1−'))),
      h('div', { class: 'kit-solution' }, h('p', {}, rich(k('solution'))),
        ...(inst.solution || []).map((tex) => texNode(texWords(tex, k), true, 'div')))))));
}

function printHandout() {
  const root = document.documentElement;
  root.classList.add('print-handout');
  // Back to the whole lesson once the dialog is closed.
  window.addEventListener('afterprint', () => root.classList.remove('print-handout'), { once: true });
  window.print();
}

// el: the kit's section; meta: the lesson (catalogue); defs: its exercises;
// t: the lesson's translator; seed: the exercises' seed now; setSeed(n):
// show the lesson at another seed.
export function mount(el, { meta, defs, lab, t, lang, seed, setSeed }) {
  const kt = translator(lang, STRINGS);
  const c = COURSE[meta.id] || {};
  const teach = c.teacher || {};
  const items = lab ? instances(defs, seed, lab, t) : [];
  const titleOf = (id) => (items.find((x) => x.def.id === id) || { title: id }).title;
  const objectives = (c.objectives || { [lang]: [] })[lang].map((o, i) => h('li', {}, o,
    h('span', { class: 'kit-checked' }, ' — ', rich(kt('checkedBy', { list: (c.objectiveExercises[i] || []).map(titleOf).join('; ') })))));
  el.append(
    h('h2', { id: 'teacher-kit-title' }, kt('title')),
    h('p', { class: 'kit-intro' }, kt('intro')),
    h('button', { type: 'button', class: 'btn kit-print', onclick: printHandout }, kt('print')),
    part(kt('objectives'), h('ol', { class: 'kit-objectives' }, ...objectives)),
    teach.plan ? part(kt('plan'), planTable(teach.plan[lang], kt)) : null,
    teach.misconceptions ? part(kt('misconceptions'), h('ul', { class: 'kit-misconceptions' },
      ...teach.misconceptions[lang].map((m) => h('li', {}, h('strong', {}, rich(titleOf(m.exercise))), kt('colon'), m.text)))) : null,
    teach.questions ? part(kt('questions'), h('ol', { class: 'kit-questions' }, ...teach.questions[lang].map((q) => h('li', {}, q)))) : null,
    classLink({ meta, lang, seed, setSeed }, kt),
    answerKey(items, kt, t),
    part(kt('lms'), h('p', {}, ...withCode(kt('lmsText'), { embed: `embed.html?lesson=${meta.id}`, docs: 'docs/embedding.md' })),
      h('ul', { class: 'kit-packages' }, ...packages(meta.id, lang).map((f) => h('li', {}, h('a', { href: f }, h('code', {}, f)))))));
}

// A string's {name} places filled with code (file names, addresses).
const withCode = (text, code) => text.split(/\{(\w+)\}/).map((x, i) => (i % 2 ? h('code', {}, code[x]) : x));

// The lesson's LMS packages next to the page (dist/scorm/, dist/cmi5/).
function packages(id, lang) {
  const l = lang === 'zh-Hans' ? '.zh-Hans' : '';
  return [`scorm/attention-lab-${id}${l}.scorm12.zip`, `scorm/attention-lab-${id}${l}.scorm2004.zip`, `cmi5/attention-lab-${id}${l}.cmi5.zip`];
}
