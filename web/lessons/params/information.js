// URL parameters of the information lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
