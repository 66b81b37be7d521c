// URL parameters of the vectors lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
