// Embedded pages tell their parent how tall they are, so that an iframe
// can follow its content: {type: 'attnlab:resize', height}; with lti, also
// Canvas's {subject: 'lti.frameResize', height}.
export function startResizeReporter({ lti = () => false } = {}) {
  if (window.parent === window) return;
  let last = -1;
  const post = () => {
    // The content's height: scrollHeight never drops below the iframe's own
    // height, so an iframe could grow but never shrink.
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    try {
      window.parent.postMessage({ type: 'attnlab:resize', height }, '*');
      if (lti()) window.parent.postMessage({ subject: 'lti.frameResize', height }, '*');
    } catch {
      // a parent that cannot be reached is not our problem
    }
  };
  // Posted after the observer's callback, not inside it: a host that resizes
  // the frame at once must not change the observed box during delivery
  // ("ResizeObserver loop completed with undelivered notifications"). A
  // timer, not an animation frame: engines pause those in frames they deem hidden.
  let due = false;
  new ResizeObserver(() => { if (!due) { due = true; setTimeout(() => { due = false; post(); }, 0); } }).observe(document.body);
  post();
}
