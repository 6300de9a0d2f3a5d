// The API client of the dashboard: the session cookie (svc_session, HttpOnly) goes with every
// same-origin request; a state-changing request repeats the svc_csrf cookie in X-CSRF-Token.
// No token is ever kept in the browser's web storage.

export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || ('HTTP ' + status));
    this.status = status;
    this.problem = problem;
  }
}

export function cookie(name) {
  const hit = document.cookie.split(';').map(c => c.trim()).find(c => c.startsWith(name + '='));
  return hit ? decodeURIComponent(hit.substring(name.length + 1)) : null;
}

const listeners = new Set();
/** Called with no argument when the server says the session is gone (401). */
export function onUnauthorized(fn) { listeners.add(fn); }

/**
 * fetch with the session: JSON in and out; problem details become an ApiError.
 * opts: {method, body (JSON), raw (a Blob or FormData sent as is), headers}
 */
export async function api(path, opts = {}) {
  const method = opts.method || 'GET';
  const headers = {Accept: 'application/json', ...(opts.headers || {})};
  let body;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) {
    const csrf = cookie('svc_csrf');
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  const r = await fetch(path, {method, headers, body, credentials: 'same-origin'});
  if (r.status === 401 && !path.startsWith('/api/v1/auth/')) listeners.forEach(fn => fn());
  if (!r.ok) {
    let problem = null;
    try { problem = await r.json(); } catch (e) { /* not problem details */ }
    throw new ApiError(r.status, problem);
  }
  if (r.status === 204) return null;
  const type = r.headers.get('Content-Type') || '';
  return type.includes('json') ? r.json() : r.text();
}

/** Every item of a list endpoint ({items, total, limit, offset}), page by page up to max. */
export async function all(path, max = 1000) {
  const items = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let offset = 0; offset < max;) {
    const page = await api(path + sep + 'limit=200&offset=' + offset);
    items.push(...page.items);
    offset += page.items.length;
    if (!page.items.length || offset >= page.total) break;
  }
  return items;
}

/** A same-origin WebSocket URL: the browser sends the session cookie with the upgrade. */
export function wsUrl(path) {
  return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path;
}

export const ROLES = ['viewer', 'operator', 'admin'];
export function atLeast(role, wanted) {
  return ROLES.indexOf(role) >= ROLES.indexOf(wanted);
}
