// URL parameters of the probability lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
