// Models and deployments: the saved models, each model name's champion, challengers and shadows
// with their traffic, promote and retire, a new deployment form, and the name's live events.
import {api, all, atLeast, wsUrl} from '../api.js';
import {h, clear, table, badge, fmtTime, fmtNum, fmtClock, field} from '../dom.js';

export async function render(main, ctx) {
  const canAct = atLeast(ctx.me.role, 'operator');
  const namesBox = h('div', {id: 'model-names'});
  const detail = h('div', {id: 'model-detail'});
  const modelsBox = h('div', {id: 'models'});
  let socket = null;
  let models = [];

  async function refreshNames() {
    const names = await all('/api/v1/deployments');
    clear(namesBox, table('Model names', [
      {label: 'Name', get: n => h('button', {type: 'button', class: 'link', onclick: () => open(n.model)}, n.model)},
      {label: 'Champion', get: n => n.champion ? h('code', {}, n.champion.model) : '—'},
      {label: 'Challengers', class: 'num', get: n => n.challengers},
      {label: 'Shadows', class: 'num', get: n => n.shadows},
      {label: 'Updated', get: n => fmtTime(n.updated_at)},
    ], names, 'No model is deployed yet. A pipeline registers its model when it reaches its deployment stage.'));
  }

  async function open(name) {
    if (socket) { socket.close(); socket = null; }
    const view = await api('/api/v1/deployments/' + encodeURIComponent(name));
    const events = h('ol', {class: 'stream short', role: 'log', 'aria-label': 'Live events of ' + name});
    const act = (d, what) => h('button', {type: 'button', class: what === 'retire' ? 'danger' : 'primary',
      onclick: async () => {
        try {
          await api('/api/v1/deployments/' + encodeURIComponent(name) + '/' + d.deployment_id + '/' + what, {method: 'POST'});
          ctx.toast(d.deployment_id + (what === 'promote' ? ' promoted.' : ' retired.'));
          open(name);
          refreshNames();
        } catch (e) { ctx.toast('Could not ' + what + ': ' + e.message, 'error'); }
      }}, what === 'promote' ? 'Promote' : 'Retire');
    clear(detail,
      h('h2', {id: 'detail-h', tabindex: '-1'}, 'Deployments of ', h('code', {}, name)),
      table(null, [
        {label: 'Deployment', get: d => h('code', {}, d.deployment_id)},
        {label: 'Role', get: d => badge(d.state === 'active' ? 'champion' : d.state)},
        {label: 'Traffic', class: 'num', get: d => d.traffic_pct + ' %'},
        {label: 'Model', get: d => h('code', {}, d.model)},
        {label: 'Run', get: d => h('a', {href: '/runs/' + d.run_id, 'data-link': true}, d.run_id)},
        {label: 'Since', get: d => fmtTime(d.updated_at)},
        {label: 'Actions', get: d => canAct && d.state !== 'retired' ? [
          d.state !== 'active' ? act(d, 'promote') : null, ' ', act(d, 'retire')] : ''},
      ], view.deployments),
      canAct ? deployForm(name) : null,
      h('h3', {}, 'History'),
      table(null, [
        {label: 'When', get: e => fmtTime(e.at)},
        {label: 'Action', get: e => e.action},
        {label: 'Deployment', get: e => e.deployment_id},
        {label: 'State', get: e => e.state},
        {label: 'Traffic', class: 'num', get: e => e.traffic_pct + ' %'},
      ], view.history || []),
      h('h3', {}, 'Live events'), events);
    document.getElementById('detail-h').focus();
    socket = new WebSocket(wsUrl('/api/v1/deployments/' + encodeURIComponent(name) + '/events'));
    socket.addEventListener('message', e => {
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      events.prepend(h('li', {}, h('time', {}, fmtClock(m.ts || Date.now())), ' ', h('strong', {}, m.type), ' ',
        describe(m)));
      while (events.children.length > 200) events.lastElementChild.remove();
    });
  }

  function describe(m) {
    switch (m.type) {
      case 'traffic': return JSON.stringify(m.requests || m.deployments || m);
      case 'drift': return (m.feature || m.worst_feature || '') + ' PSI ' + fmtNum(m.psi ?? m.worst_psi) + ' ' + (m.band || '');
      case 'shadow': return (m.deployment_id || '') + ' agreement ' + fmtNum(m.agreement);
      case 'status': return (m.deployments || []).length + ' deployments';
      default: return m.action ? m.action + ' ' + (m.deployment_id || '') : '';
    }
  }

  function deployForm(name) {
    const model = h('select', {name: 'model_id'}, models.map(m => h('option', {value: m.model_id}, m.model_id + ' (' + m.learner + ')')));
    const role = h('select', {name: 'role'}, ['challenger', 'shadow', 'champion'].map(r => h('option', {value: r}, r)));
    const traffic = h('input', {type: 'number', name: 'traffic_pct', min: '0', max: '100', value: '10'});
    const error = h('p', {class: 'error', role: 'alert'});
    const form = h('form', {class: 'card'}, h('h3', {}, 'Deploy a model under ' + name),
      h('div', {class: 'row'}, field('Model', model), field('Role', role), field('Traffic %', traffic)), error,
      h('button', {type: 'submit', class: 'primary'}, 'Deploy'));
    form.addEventListener('submit', async e => {
      e.preventDefault();
      error.textContent = '';
      try {
        await api('/api/v1/deployments/' + encodeURIComponent(name), {method: 'POST',
          body: {model_id: model.value, role: role.value, traffic_pct: Number(traffic.value)}});
        ctx.toast('Deployed ' + model.value + ' as ' + role.value + '.');
        open(name);
        refreshNames();
      } catch (err) { error.textContent = 'Could not deploy: ' + err.message; }
    });
    return form;
  }

  models = await all('/api/v1/models').catch(() => []);
  clear(modelsBox, table('Saved models', [
    {label: 'Model', get: m => h('code', {}, m.model_id)},
    {label: 'Learner', get: m => m.learner},
    {label: 'Task', get: m => m.task},
    {label: 'Target', get: m => m.target},
    {label: 'Test', get: m => m.test ? ['accuracy', 'roc_auc', 'r2', 'rmse'].filter(k => m.test[k] !== undefined)
      .map(k => k + ' ' + fmtNum(m.test[k])).join(', ') : ''},
    {label: 'Fair', get: m => m.fairness_passed === null || m.fairness_passed === undefined ? '' : m.fairness_passed ? 'passed' : 'not passed'},
    {label: 'Run', get: m => h('a', {href: '/runs/' + m.run_id, 'data-link': true}, m.run_id)},
  ], models, 'No saved model yet.'));
  clear(main, h('h1', {}, 'Models and deployments'),
    h('section', {'aria-labelledby': 'names-h'}, h('h2', {id: 'names-h'}, 'Deployed model names'), namesBox),
    detail,
    h('section', {'aria-labelledby': 'models-h'}, h('h2', {id: 'models-h'}, 'Saved models'), modelsBox));
  await refreshNames();
  return () => { if (socket) socket.close(); };
}
