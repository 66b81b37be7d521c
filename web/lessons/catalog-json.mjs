// dist/lessons.json: every lesson's id (the value of ?lesson=), its titles in
// both languages and its URL parameters with types and bounds, so that
// course tools can build embeds without reading our code.
import { CATALOG } from './catalog.js';
import { SHELL_SCHEMA } from '../core/url-state.js';

export function buildLessonsJson() {
  return {
    shellParams: SHELL_SCHEMA,
    lessons: CATALOG.map((l) => ({
      id: l.id,
      section: l.section,
      title: l.title,
      embed: `embed.html?lesson=${l.id}`,
      params: l.params,
    })),
  };
}
