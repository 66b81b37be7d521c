// URL parameters of the complexity lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
