// Sign in: e-mail and password (POST /api/v1/auth/session sets the HttpOnly session cookie), and
// the single sign-on button when the server has an OIDC provider.
import {api} from '../api.js';
import {h, clear, field} from '../dom.js';

export async function render(main, ctx) {
  let providers = {password: true, oidc: null};
  try { providers = await api('/api/v1/auth/providers'); } catch (e) { /* password only */ }
  const email = h('input', {type: 'email', name: 'email', autocomplete: 'username', required: true});
  const password = h('input', {type: 'password', name: 'password', autocomplete: 'current-password', required: true});
  // A failed single sign-on comes back here with the server's reason.
  const ssoError = ctx.query.get('sso_error');
  const error = h('p', {class: 'error', role: 'alert'}, ssoError ? 'Single sign-on failed: ' + ssoError : null);
  const next = ctx.query.get('next');
  const safeNext = next && next.startsWith('/') && !next.startsWith('//') ? next : '/runs';
  const form = h('form', {class: 'card narrow', id: 'login-form'},
    field('E-mail', email),
    field('Password', password),
    error,
    h('button', {type: 'submit', class: 'primary'}, 'Sign in'));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    error.textContent = '';
    try {
      await api('/api/v1/auth/session', {method: 'POST', body: {email: email.value, password: password.value}});
      await ctx.refreshMe();
      ctx.navigate(safeNext, true);
    } catch (err) {
      // A 401 does not say which of the two was wrong, except for a disabled account (told only
      // once the password was right).
      error.textContent = err.status === 401 && !/disabled/.test(err.message)
        ? 'Wrong e-mail or password.' : 'Could not sign in: ' + err.message;
      password.focus();
    }
  });
  clear(main,
    h('h1', {}, 'Sign in to ' + (ctx.branding?.product_name || 'svc')),
    ctx.branding?.tagline ? h('p', {class: 'tagline'}, ctx.branding.tagline) : null,
    form,
    providers.oidc ? h('p', {class: 'sso'},
      h('a', {class: 'button', href: providers.oidc.login_url}, 'Sign in with single sign-on')) : null);
  email.focus();
}
