// A query string as short as a link allows. URLSearchParams writes form
// encoding, which escapes every ',' ';' '~' ':' '/' and '@' (3 characters
// each): a 16 x 16 matrix's 255 commas became 765 characters, and a lesson's
// state no longer fit in an LMS's suspend data. A query may hold these as
// they are (RFC 3986, "query"), and URLSearchParams reads them back
// unchanged; '&', '=', '+', '#', '%', '|' and non-ASCII stay escaped.
const KEEP = { '%2C': ',', '%3B': ';', '%7E': '~', '%3A': ':', '%2F': '/', '%40': '@', '%21': '!', '%28': '(', '%29': ')' };

export const queryText = (params) => new URLSearchParams(params).toString().replace(/%(2C|3B|7E|3A|2F|40|21|28|29)/g, (m) => KEEP[m]);
