// dist/lessons.json: every lesson's id (the value of ?lesson=), its titles in
// both languages, its course data (web/lessons/<id>/course.json: minutes,
// its step player's number of steps, prerequisites, objectives with the
// exercises that check them, references;
// not the instructor kit, which only the page's teacher view needs), its URL parameters with types and bounds, and its
// exercises (id, kind, titles; embed.html?lesson=<id>&exercise=<exercise id>
// opens the lesson at one), so that course tools can build embeds without
// reading our code.
import { REGISTRY } from './registry.js';
import PARAMS from 'attnlab:lessons/params.js';
import EXERCISES from 'attnlab:lessons/exercises.js';
import STRINGS from 'attnlab:lessons/strings.json';
import COURSE from 'attnlab:lessons/course.json';
import { SHELL_SCHEMA } from '../state/url-state.js';
import HEIGHTS from './heights.json';

const LANGS = ['en', 'zh-Hans'];
function exTitle(id, ex) {
  return Object.fromEntries(LANGS.map((lang) => {
    const title = ((STRINGS[id][lang].ex || {})[ex] || {}).title;
    if (typeof title !== 'string') throw new Error(`lessons.json: web/lessons/${id}/strings.json has no ex.${ex}.title in ${lang}`);
    return [lang, title];
  }));
}

// The part of course.json that a course map or catalogue needs.
export function courseData(id) {
  const c = COURSE[id];
  if (!c) throw new Error(`lessons.json: web/lessons/${id}/course.json is missing`);
  const { minutes, steps, prereqs, objectives, objectiveExercises, references } = c;
  return { minutes, steps, prereqs, objectives, objectiveExercises, references };
}

export function buildLessonsJson() {
  return {
    shellParams: SHELL_SCHEMA,
    lessons: REGISTRY.map((l, k) => ({
      id: l.id,
      section: String(k + 1),
      title: l.title,
      embed: `embed.html?lesson=${l.id}`,
      params: PARAMS[l.id].params,
      // The iframe height that shows the lesson whole (scripts/measure-heights.mjs).
      height: HEIGHTS[l.id] || null,
      ...courseData(l.id),
      exercises: (EXERCISES[l.id] || []).map((e) => ({ id: e.id, kind: e.kind, title: exTitle(l.id, e.id) })),
    })),
  };
}
