// URL parameters of the optimization lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
