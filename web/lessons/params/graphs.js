// URL parameters of the graphs lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
