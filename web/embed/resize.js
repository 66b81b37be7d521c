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
  new ResizeObserver(post).observe(document.body);
  post();
}
