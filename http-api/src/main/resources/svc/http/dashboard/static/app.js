// The dashboard's shell: branding, the session, the navigation and a path router. Each page is a
// module under pages/ exporting render(main, ctx), which may return a function that stops its
// timers and sockets when the user leaves the page.
import {api, ApiError, atLeast, onUnauthorized} from './api.js';
import {h, clear} from './dom.js';

const PAGES = [
  {path: /^\/(runs|pipelines)?\/?$/, module: 'runs', title: 'Runs'},
  {path: /^\/(?:runs|pipelines)\/(run-[0-9a-f]+)\/?$/, module: 'run', title: 'Run'},
  {path: /^\/approvals\/?$/, module: 'approvals', title: 'Approvals'},
  {path: /^\/models\/?$/, module: 'models', title: 'Models and deployments'},
  {path: /^\/admin\/?$/, module: 'admin', title: 'Admin', role: 'admin'},
  {path: /^\/profile\/?$/, module: 'profile', title: 'Profile'},
  {path: /^\/login\/?$/, module: 'login', title: 'Sign in', open: true},
];

const NAV = [
  {href: '/runs', label: 'Runs'},
  {href: '/approvals', label: 'Approvals'},
  {href: '/models', label: 'Models'},
  {href: '/admin', label: 'Admin', role: 'admin'},
  {href: '/profile', label: 'Profile'},
];

const ctx = {me: null, branding: null, navigate, toast, refreshMe};
let leave = null;

function toast(text, kind = 'info') {
  const el = document.getElementById('toast');
  clear(el, h('span', {class: 'toast-' + kind}, text));
  el.classList.add('shown');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => el.classList.remove('shown'), 6000);
}

export function navigate(path, replace = false) {
  if (replace) history.replaceState({}, '', path);
  else history.pushState({}, '', path);
  route();
}

async function refreshMe() {
  try {
    ctx.me = await api('/api/v1/auth/me');
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e;
    ctx.me = null;
  }
  renderChrome();
  return ctx.me;
}

async function loadBranding() {
  try {
    ctx.branding = await api('/api/v1/config/branding');
  } catch (e) {
    ctx.branding = {product_name: 'svc', colors: {}, demo_presets: [], pipeline_options: {templates: []}};
  }
  const b = ctx.branding;
  document.getElementById('product').textContent = b.product_name || 'svc';
  if (b.logo) document.getElementById('logo').src = b.logo;
  // CSS custom properties through the CSSOM: allowed by the CSP, unlike an inline style attribute.
  const root = document.documentElement.style;
  if (b.colors?.primary) root.setProperty('--primary', b.colors.primary);
  if (b.colors?.accent) root.setProperty('--accent', b.colors.accent);
  if (b.colors?.background) root.setProperty('--background', b.colors.background);
}

function renderChrome() {
  const nav = document.getElementById('nav');
  const who = document.getElementById('who');
  if (!ctx.me) {
    clear(nav);
    clear(who);
    return;
  }
  clear(nav, h('ul', {}, NAV.filter(n => !n.role || atLeast(ctx.me.role, n.role)).map(n =>
    h('li', {}, h('a', {href: n.href, 'data-link': true}, n.label)))));
  clear(who,
    h('span', {class: 'me'}, ctx.me.email, ' ', h('span', {class: 'role'}, ctx.me.role)),
    h('button', {type: 'button', class: 'link', onclick: logout}, 'Sign out'));
  markCurrent();
}

function markCurrent() {
  for (const a of document.querySelectorAll('#nav a')) {
    const here = location.pathname === a.getAttribute('href')
      || (a.getAttribute('href') === '/runs' && /^\/(runs|pipelines)?(\/|$)/.test(location.pathname));
    if (here) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
}

async function logout() {
  try {
    await api('/api/v1/auth/session', {method: 'DELETE'});
  } catch (e) { /* the cookie may already be gone */ }
  ctx.me = null;
  renderChrome();
  navigate('/login');
}

async function route() {
  if (leave) { try { leave(); } catch (e) { /* a page's cleanup must not stop navigation */ } leave = null; }
  const main = document.getElementById('main');
  const path = location.pathname;
  const page = PAGES.find(p => p.path.test(path));
  if (!page) {
    clear(main, h('h1', {}, 'Not found'), h('p', {}, 'No page at ' + path + '. '),
      h('a', {href: '/runs', 'data-link': true}, 'Go to the runs'));
    return;
  }
  if (!page.open && !ctx.me) {
    navigate('/login?next=' + encodeURIComponent(path + location.search), true);
    return;
  }
  if (page.role && !atLeast(ctx.me.role, page.role)) {
    clear(main, h('h1', {}, page.title), h('p', {}, 'This page needs the ' + page.role + ' role.'));
    return;
  }
  document.title = page.title + ' · ' + (ctx.branding?.product_name || 'svc');
  markCurrent();
  const params = path.match(page.path).slice(1);
  clear(main, h('p', {class: 'loading'}, 'Loading…'));
  try {
    const mod = await import('./pages/' + page.module + '.js');
    const token = (route.count = (route.count || 0) + 1);
    const cleanup = await mod.render(main, {...ctx, params, query: new URLSearchParams(location.search)});
    if (token !== route.count) { if (typeof cleanup === 'function') cleanup(); return; }
    leave = typeof cleanup === 'function' ? cleanup : null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return;
    clear(main, h('h1', {}, page.title), h('p', {class: 'error', role: 'alert'}, 'Could not load: ' + e.message));
  }
}

// Links marked data-link change the page without a reload.
document.addEventListener('click', e => {
  const a = e.target.closest && e.target.closest('a[data-link]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
  document.getElementById('nav').classList.remove('open');
  document.getElementById('menu').setAttribute('aria-expanded', 'false');
  document.getElementById('main').focus();
});
window.addEventListener('popstate', route);
document.getElementById('menu').addEventListener('click', () => {
  const nav = document.getElementById('nav');
  const open = nav.classList.toggle('open');
  document.getElementById('menu').setAttribute('aria-expanded', String(open));
});
onUnauthorized(() => {
  if (ctx.me) {
    ctx.me = null;
    renderChrome();
    toast('Your session ended; sign in again.', 'error');
    navigate('/login?next=' + encodeURIComponent(location.pathname), true);
  }
});

try {
  await loadBranding();
  await refreshMe();
  if (ctx.me && location.pathname.startsWith('/login')) navigate('/runs', true);
  else route();
} catch (e) {
  clear(document.getElementById('main'), h('h1', {}, 'The dashboard could not start'),
    h('p', {class: 'error', role: 'alert'}, e.message));
}
