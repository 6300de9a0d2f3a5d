// Profile: who you are, your API tokens (a new token's secret is shown once), sign out.
import {api, ApiError, ROLES, atLeast} from '../api.js';
import {h, clear, table, fmtTime, field, badge} from '../dom.js';

export async function render(main, ctx) {
  const list = h('div', {id: 'my-tokens'});
  const secretBox = h('div', {id: 'new-token', 'aria-live': 'polite'});
  const name = h('input', {type: 'text', name: 'name', required: true, placeholder: 'ci-pipeline'});
  const role = h('select', {name: 'role'}, ROLES.filter(r => atLeast(ctx.me.role, r)).map(r => h('option', {value: r}, r)));
  role.value = ctx.me.role === 'admin' ? 'operator' : ctx.me.role;
  const days = h('input', {type: 'number', name: 'expires_in_days', min: '1', max: '365', value: '30'});
  const error = h('p', {class: 'error', role: 'alert'});
  const form = h('form', {class: 'card', id: 'token-form'},
    h('div', {class: 'row'}, field('Token name', name), field('Role', role, 'no higher than yours'),
      field('Expires in (days)', days)),
    error, h('button', {type: 'submit', class: 'primary'}, 'Create token'));

  async function refresh() {
    try {
      const page = await api('/api/v1/tokens?limit=200');
      clear(list, table(null, [
        {label: 'Name', get: t => t.name},
        {label: 'Role', get: t => t.role},
        {label: 'Created', get: t => fmtTime(t.created_at)},
        {label: 'Expires', get: t => fmtTime(t.expires_at)},
        {label: 'State', get: t => badge(t.state)},
        {label: 'Actions', get: t => t.state !== 'active' ? '' : h('button', {type: 'button', class: 'danger',
          'aria-label': 'Revoke ' + t.name, onclick: async () => {
            try {
              await api('/api/v1/tokens/' + encodeURIComponent(t.id), {method: 'DELETE'});
              ctx.toast('Token ' + t.name + ' revoked: it is refused from now on.');
            } catch (e) {
              ctx.toast('Could not revoke ' + t.name + ': ' + e.message, 'error');
            }
            refresh();
          }}, 'Revoke')},
      ], page.items, 'You have no API tokens.'));
    } catch (e) {
      clear(list, h('p', {class: 'muted'}, e instanceof ApiError && e.status === 404
        ? 'This server does not offer API tokens.' : 'Could not load your tokens: ' + e.message));
    }
  }

  form.addEventListener('submit', async e => {
    e.preventDefault();
    error.textContent = '';
    try {
      const t = await api('/api/v1/tokens', {method: 'POST',
        body: {name: name.value.trim(), role: role.value, expires_in_days: Number(days.value)}});
      const secret = t.token;
      const out = h('input', {type: 'text', readonly: true, value: secret, id: 'token-secret', class: 'secret',
        'aria-label': 'The new token'});
      clear(secretBox, h('div', {class: 'card notice'},
        h('p', {}, h('strong', {}, 'Copy this token now: it will not be shown again.')), out, ' ',
        h('button', {type: 'button', onclick: async () => {
          out.select();
          try { await navigator.clipboard.writeText(secret); ctx.toast('Copied.'); } catch (err) { document.execCommand('copy'); }
        }}, 'Copy'),
        h('p', {class: 'hint'}, 'Send it as "Authorization: Bearer <token>" or "X-API-Key: <token>".')));
      out.focus();
      out.select();
      name.value = '';
      refresh();
    } catch (err) {
      error.textContent = 'Could not create the token: ' + err.message;
    }
  });

  clear(main, h('h1', {}, 'Profile'),
    h('dl', {class: 'facts'}, h('dt', {}, 'E-mail'), h('dd', {id: 'me-email'}, ctx.me.email),
      h('dt', {}, 'Role'), h('dd', {}, ctx.me.role), h('dt', {}, 'Signed in with'), h('dd', {}, signedInWith(ctx.me))),
    h('section', {'aria-labelledby': 'tok-h'}, h('h2', {id: 'tok-h'}, 'API tokens'),
      h('p', {}, 'For scripts and CI: a token acts with the role you give it.'), form, secretBox, list));
  await refresh();
}

function signedInWith(me) {
  if (me.auth === 'bearer') return 'a bearer token';
  if (me.auth === 'api_key') return 'an API key';
  return me.account === 'oidc' ? 'single sign-on' : 'e-mail and password';
}
