// Lesson "svd": not built yet (listed as coming in the table of contents).
export default null;
