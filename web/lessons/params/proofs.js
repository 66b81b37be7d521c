// URL parameters of the proofs lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
