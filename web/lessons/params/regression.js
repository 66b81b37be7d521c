// URL parameters of the regression lesson (see core/schema.js). Not built yet.
export default { ready: false, params: {} };
