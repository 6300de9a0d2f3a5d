// Admin (admin role only): users (add, change role, disable), permission denials, feature flags,
// API tokens and the audit log. A section whose endpoint this server does not offer says so
// instead of failing the page.
import {api, ApiError, ROLES} from '../api.js';
import {h, clear, table, fmtTime, badge, field} from '../dom.js';

export async function render(main, ctx) {
  const sections = {
    users: h('div', {id: 'admin-users'}),
    tokens: h('div', {id: 'admin-tokens'}),
    flags: h('div', {id: 'admin-flags'}),
    denials: h('div', {id: 'admin-denials'}),
    audit: h('div', {id: 'admin-audit'}),
  };
  const section = (key, title, ...before) => h('section', {'aria-labelledby': 'admin-' + key + '-h'},
    h('h2', {id: 'admin-' + key + '-h'}, title), ...before, sections[key]);
  clear(main, h('h1', {}, 'Admin'),
    section('users', 'Users', newUserForm()), section('tokens', 'API tokens'), section('flags', 'Feature flags'),
    section('denials', 'Permission denials'), section('audit', 'Audit log'));

  async function guarded(key, fill) {
    try { await fill(sections[key]); } catch (e) {
      clear(sections[key], h('p', {class: e instanceof ApiError && e.status === 404 ? 'muted' : 'error'},
        e instanceof ApiError && e.status === 404 ? 'Not offered by this server.' : 'Could not load: ' + e.message));
    }
  }

  // A colleague with a password of their own (single sign-on users are made at their first sign-in).
  function newUserForm() {
    const email = h('input', {type: 'email', name: 'new_email', required: true, autocomplete: 'off'});
    const password = h('input', {type: 'password', name: 'new_password', required: true, minlength: '8',
      autocomplete: 'new-password'});
    const role = h('select', {name: 'new_role'}, ROLES.map(r => h('option', {value: r, selected: r === 'viewer'}, r)));
    const error = h('p', {class: 'error', role: 'alert'});
    const form = h('form', {class: 'card', id: 'user-form'},
      h('div', {class: 'row'}, field('E-mail', email), field('Initial password', password, '8 characters or more'),
        field('Role', role)),
      error, h('button', {type: 'submit', class: 'primary'}, 'Add user'));
    form.addEventListener('submit', async e => {
      e.preventDefault();
      error.textContent = '';
      try {
        await api('/api/v1/users', {method: 'POST',
          body: {email: email.value.trim(), password: password.value, role: role.value}});
        ctx.toast('Added ' + email.value.trim() + '.');
        form.reset();
        guarded('users', users);
      } catch (err) {
        error.textContent = 'Could not add the user: ' + err.message;
      }
    });
    return form;
  }

  async function users(box) {
    const page = await api('/api/v1/users?limit=200');
    const list = page.items || page;
    clear(box, table(null, [
      {label: 'E-mail', get: u => u.email},
      {label: 'Role', get: u => {
        const s = h('select', {'aria-label': 'Role of ' + u.email, disabled: u.email === ctx.me.email},
          ROLES.map(r => h('option', {value: r, selected: r === u.role}, r)));
        s.addEventListener('change', () => patch(u, {role: s.value}));
        return s;
      }},
      {label: 'State', get: u => badge(u.disabled ? 'disabled' : 'active')},
      {label: 'Signs in with', get: u => u.source === 'oidc' ? 'single sign-on' : 'password'},
      {label: 'Actions', get: u => u.email === ctx.me.email ? 'you' : h('button', {type: 'button',
        class: u.disabled ? '' : 'danger', onclick: () => patch(u, {disabled: !u.disabled})}, u.disabled ? 'Enable' : 'Disable')},
    ], list, 'No users.'));
  }

  async function patch(u, change) {
    try {
      const now = await api('/api/v1/users/' + encodeURIComponent(u.email), {method: 'PATCH', body: change});
      ctx.toast(u.email + (change.role ? ' is now ' + now.role : now.disabled ? ' is disabled' : ' is enabled') + '.');
    } catch (e) { ctx.toast('Could not update ' + u.email + ': ' + e.message, 'error'); }
    guarded('users', users);
  }

  async function tokens(box) {
    const page = await api('/api/v1/tokens?all=true&limit=200');
    const list = page.items || page;
    clear(box, table(null, [
      {label: 'Name', get: t => t.name},
      {label: 'Owner', get: t => t.owner},
      {label: 'Role', get: t => t.role},
      {label: 'Expires', get: t => fmtTime(t.expires_at)},
      {label: 'State', get: t => badge(t.state)},
      {label: 'Actions', get: t => t.state !== 'active' ? '' : h('button', {type: 'button', class: 'danger',
        'aria-label': 'Revoke ' + t.name + ' of ' + t.owner, onclick: async () => {
        try { await api('/api/v1/tokens/' + encodeURIComponent(t.id || t.token_id), {method: 'DELETE'}); ctx.toast('Token revoked.'); }
        catch (e) { ctx.toast('Could not revoke: ' + e.message, 'error'); }
        guarded('tokens', tokens);
      }}, 'Revoke')},
    ], list, 'No API tokens.'));
  }

  async function flags(box) {
    const page = await api('/api/v1/features?limit=1000');
    clear(box, table(null, [
      {label: 'Flag', get: f => h('code', {}, f.name)},
      {label: 'Tier', get: f => f.tier},
      {label: 'Enabled', get: f => {
        const c = h('input', {type: 'checkbox', checked: f.enabled, 'aria-label': 'Enable ' + f.name,
          disabled: f.tier === 'INVARIANT'});
        c.addEventListener('change', async () => {
          try {
            await api('/api/v1/features/' + encodeURIComponent(f.name), {method: 'POST', body: {enabled: c.checked}});
            ctx.toast(f.name + (c.checked ? ' enabled.' : ' disabled.'));
          } catch (e) { c.checked = !c.checked; ctx.toast('Could not change ' + f.name + ': ' + e.message, 'error'); }
        });
        return c;
      }},
      {label: 'Default', get: f => String(f.default)},
      {label: 'Set by', get: f => f.source},
    ], page.items));
  }

  async function denials(box) {
    const page = await api('/api/v1/permissions/denials?limit=100');
    clear(box, table(null, [
      {label: 'When', get: d => fmtTime(d.ts)},
      {label: 'Source', get: d => d.source},
      {label: 'Rule', get: d => d.rule_id},
      {label: 'Tool or endpoint', get: d => h('code', {}, d.tool || '')},
      {label: 'Agent or user', get: d => d.agent || ''},
      {label: 'Run', get: d => d.run_id ? h('a', {href: '/runs/' + d.run_id, 'data-link': true}, d.run_id) : ''},
      {label: 'Reason', class: 'wide', get: d => d.reason},
    ], page.items, 'No denial recorded.'));
  }

  async function audit(box) {
    const page = await api('/api/v1/audit?limit=100');
    const list = page.items || page;
    clear(box, table(null, [
      {label: 'When', get: a => fmtTime(a.ts || a.at)},
      {label: 'Actor', get: a => a.actor},
      {label: 'Action', get: a => h('code', {}, a.action)},
      {label: 'Target', get: a => a.target || a.subject || ''},
      {label: 'Detail', class: 'wide', get: a => typeof a.detail === 'string' ? a.detail : JSON.stringify(a.detail ?? '')},
    ], list, 'No admin action recorded.'));
  }

  await Promise.all([guarded('users', users), guarded('tokens', tokens), guarded('flags', flags),
    guarded('denials', denials), guarded('audit', audit)]);
}
