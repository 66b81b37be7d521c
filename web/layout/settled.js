// When the page has settled: the lesson's blocks laid out once
// (data-laid-out, layout/blocks.js; a lesson that failed to start shows its
// message instead), nothing waiting to be drawn (data-tex-pending,
// layout/draw-later.js), no URL write due (data-url-pending, main.js) and
// the fonts loaded. One promise for whoever needs
// the page as the learner will see it (the browser tests).
function done(doc) {
  const lesson = doc.querySelector('.lesson');
  return !doc.querySelector('[data-tex-pending]') && !(doc.body && doc.body.dataset.urlPending) && (!lesson || !!lesson.dataset.laidOut || !!lesson.querySelector('.error-box'));
}

function quiet(doc) {
  return new Promise((resolve) => {
    if (done(doc)) { resolve(true); return; }
    const mo = new MutationObserver(() => { if (done(doc)) { mo.disconnect(); resolve(true); } });
    mo.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-laid-out', 'data-tex-pending', 'data-url-pending', 'class'] });
  });
}

// Two frames after that, and quiet again: figures that fit themselves to
// their box redraw in the frame after the browser reports its size.
const frames = (win) => new Promise((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(resolve)));

export function settled(doc = document) {
  const win = doc.defaultView;
  return doc.fonts.ready.then(() => quiet(doc)).then(() => frames(win)).then(() => quiet(doc));
}
