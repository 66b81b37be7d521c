// Events from an embedded lesson to its host page (postMessage, protocol
// version 1; docs/embedding.md, "Events"):
//   {type: 'attnlab:ready', v: 1, version, lesson, steps, exercises: [ids]}
//   {type: 'attnlab:progress', v: 1, lesson, step, steps, stepsSeen,
//    exercises: {id: 'unanswered' | 'wrong' | 'correct'}, score, completed}
//   {type: 'attnlab:state', v: 1, lesson, query}  (the URL query that restores the view)
//   {type: 'attnlab:answer', v: 1, lesson, exercise, kind, result: 'correct' | 'wrong',
//    response, choices, latencyMs, description}  (each try of an exercise, at once;
//    response: [choice key] | [numbers] | {parameter: value} for a "make" | null)
// Completion: every step seen and every exercise answered; score = correct /
// exercises (steps seen / steps for a lesson without exercises). Posted
// only when framed, and only when something changed.
export const PROTOCOL = 1;

export function createHostEvents(version) {
  const framed = typeof window !== 'undefined' && window.parent !== window;
  let last = { progress: null, state: null };
  const post = (msg) => {
    if (!framed) return;
    try { window.parent.postMessage({ v: PROTOCOL, ...msg }, '*'); } catch { /* a parent that cannot be reached */ }
  };
  return {
    ready({ lesson, steps, exercises }) {
      last = { progress: null, state: null };
      post({ type: 'attnlab:ready', version, lesson, steps, exercises });
    },
    // p: {lesson, step, steps, stepsSeen, exercises, score, completed}; query: URLSearchParams string.
    update(p, query) {
      const key = JSON.stringify(p);
      if (key !== last.progress) { last.progress = key; post({ type: 'attnlab:progress', ...p }); }
      if (query !== last.state) { last.state = query; post({ type: 'attnlab:state', lesson: p.lesson, query }); }
    },
    answer(a) { post({ type: 'attnlab:answer', ...a }); },
    // The answer to a host's {type: 'attnlab:get'}: both, whether changed or not.
    resend(p, query) {
      post({ type: 'attnlab:progress', ...p });
      post({ type: 'attnlab:state', lesson: p.lesson, query });
    },
  };
}
