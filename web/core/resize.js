// Embedded pages tell their parent how tall they are, so that an iframe
// can follow its content: {type: 'attnlab:resize', height}.
export function startResizeReporter() {
  if (window.parent === window) return;
  let last = -1;
  const post = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    try {
      window.parent.postMessage({ type: 'attnlab:resize', height }, '*');
    } catch {
      // a parent that cannot be reached is not our problem
    }
  };
  new ResizeObserver(post).observe(document.body);
  post();
}
