// URL parameters of the svd lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
