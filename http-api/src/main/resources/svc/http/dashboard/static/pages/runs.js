// Runs: the list with state, progress and cost (filters by state and text), and the form that
// starts a run (problem, dataset from the list, a server path or an upload, workflow, profile).
import {api, all, atLeast} from '../api.js';
import {h, clear, badge, fmtTime, fmtUsd, field, table} from '../dom.js';
import {progressOf} from '../graph.js';

const STATES = ['queued', 'running', 'waiting_approval', 'paused', 'succeeded', 'failed', 'cancelled'];

export async function render(main, ctx) {
  const stateFilter = h('select', {name: 'state'},
    h('option', {value: ''}, 'all states'), STATES.map(s => h('option', {value: s}, s.replace('_', ' '))));
  stateFilter.value = ctx.query.get('state') || '';
  const textFilter = h('input', {type: 'search', name: 'q', placeholder: 'problem, template or run id'});
  const list = h('div', {id: 'runs-list', 'aria-busy': 'true'});
  const total = h('p', {class: 'muted', 'aria-live': 'polite'});
  const graphs = new Map();

  async function refresh() {
    const q = stateFilter.value ? '?state=' + stateFilter.value + '&limit=100' : '?limit=100';
    const page = await api('/api/v1/pipelines' + q);
    const text = textFilter.value.trim().toLowerCase();
    const runs = page.items.filter(r => !text
      || [r.run_id, r.problem, r.template, r.profile].some(v => (v || '').toLowerCase().includes(text)));
    await Promise.all(runs.filter(r => !graphs.has(r.run_id) && r.current_node).slice(0, 20).map(r =>
      api('/api/v1/pipelines/' + r.run_id + '/workflow').then(g => graphs.set(r.run_id, g), () => graphs.set(r.run_id, null))));
    total.textContent = page.total + ' run' + (page.total === 1 ? '' : 's') + (text ? ', ' + runs.length + ' shown' : '');
    clear(list, table('Runs, newest first', [
      {label: 'Run', get: r => h('a', {href: '/runs/' + r.run_id, 'data-link': true}, r.run_id)},
      {label: 'State', get: r => badge(r.state)},
      {label: 'Problem', class: 'wide', get: r => r.problem},
      {label: 'Workflow', get: r => r.template},
      {label: 'Progress', get: r => progress(r, graphs.get(r.run_id))},
      {label: 'Cost', class: 'num', get: r => fmtUsd(r.cost_usd)},
      {label: 'Gates', get: r => r.pending_gates?.length
        ? h('a', {href: '/approvals', 'data-link': true}, r.pending_gates.length + ' pending') : ''},
      {label: 'Started', get: r => fmtTime(r.created_at)},
    ], runs, 'No runs yet. Start one above.'));
    list.setAttribute('aria-busy', 'false');
  }

  stateFilter.addEventListener('change', refresh);
  textFilter.addEventListener('input', refresh);
  const canStart = atLeast(ctx.me.role, 'operator');
  clear(main,
    h('h1', {}, 'Runs'),
    canStart ? await startForm(ctx) : null,
    h('section', {'aria-labelledby': 'runs-h'},
      h('h2', {id: 'runs-h'}, 'All runs'),
      h('div', {class: 'filters', role: 'search'}, field('State', stateFilter), field('Search', textFilter)),
      total, list));
  await refresh();
  const timer = setInterval(() => refresh().catch(() => {}), 5000);
  return () => clearInterval(timer);
}

function progress(run, graph) {
  const done = ['succeeded'].includes(run.state);
  const pct = done ? 100 : progressOf(graph, run.current_node);
  const label = done ? 'done' : (run.current_node || run.state);
  if (pct === null) return label;
  return h('span', {class: 'progress-cell'},
    h('progress', {max: '100', value: String(pct), 'aria-label': 'progress ' + pct + ' percent'}), ' ', label);
}

async function startForm(ctx) {
  const b = ctx.branding || {};
  const presets = b.demo_presets || [];
  const templates = b.pipeline_options?.templates || ['default_ml_pipeline'];
  let datasets = [];
  try { datasets = await all('/api/v1/datasets'); } catch (e) { /* viewer of no datasets */ }

  const problem = h('textarea', {name: 'problem', rows: '3', required: true});
  const source = h('select', {name: 'source'},
    h('option', {value: 'path'}, 'a file on the server'),
    h('option', {value: 'dataset', disabled: !datasets.length}, 'an uploaded dataset'),
    h('option', {value: 'upload'}, 'upload a CSV now'));
  const path = h('input', {type: 'text', name: 'dataset_path', placeholder: 'data/german_credit/german_credit.csv'});
  const dataset = h('select', {name: 'dataset_id'},
    datasets.map(d => h('option', {value: d.dataset_id}, (d.name || d.dataset_id) + (d.rows ? ' (' + d.rows + ' rows)' : ''))));
  const file = h('input', {type: 'file', name: 'file', accept: '.csv,text/csv'});
  const workflow = h('select', {name: 'template'}, templates.map(t => h('option', {value: t}, t)));
  workflow.value = b.pipeline_options?.default_template || templates[0];
  const profile = h('input', {type: 'text', name: 'profile', value: 'default'});
  const target = h('input', {type: 'text', name: 'target', placeholder: 'found by the agents when empty'});
  const sensitive = h('input', {type: 'text', name: 'sensitive', placeholder: 'e.g. sex, age (found when empty)'});
  const error = h('p', {class: 'error', role: 'alert'});
  const submit = h('button', {type: 'submit', class: 'primary'}, 'Start the run');

  const pathField = field('Dataset path', path, 'a CSV the server can read, relative to where it was started');
  const datasetField = field('Dataset', dataset);
  const fileField = field('CSV file', file);
  function showSource() {
    pathField.hidden = source.value !== 'path';
    datasetField.hidden = source.value !== 'dataset';
    fileField.hidden = source.value !== 'upload';
  }
  source.addEventListener('change', showSource);
  showSource();

  const presetButtons = presets.map(p => h('button', {type: 'button', class: 'secondary', onclick: () => {
    problem.value = p.problem;
    source.value = 'path';
    path.value = p.dataset_path;
    showSource();
    problem.focus();
  }}, 'Use the demo: ' + p.name));

  const form = h('form', {class: 'card', id: 'start-form'},
    presetButtons.length ? h('div', {class: 'presets'}, presetButtons) : null,
    field('Problem statement', problem, 'what to predict, and for whom it must be fair'),
    h('div', {class: 'row'}, field('Dataset from', source), pathField, datasetField, fileField),
    h('div', {class: 'row'}, field('Workflow', workflow), field('Profile', profile),
      field('Target column', target), field('Sensitive attributes', sensitive)),
    error, submit);
  form.addEventListener('submit', async e => {
    e.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    try {
      const body = {problem: problem.value, template: workflow.value, profile: profile.value || undefined};
      if (target.value.trim()) body.target = target.value.trim();
      const attrs = sensitive.value.split(',').map(s => s.trim()).filter(Boolean);
      if (attrs.length) body.sensitive_attributes = attrs;
      if (source.value === 'path') body.dataset_path = path.value.trim();
      else if (source.value === 'dataset') body.dataset_id = dataset.value;
      else {
        if (!file.files.length) throw new Error('choose a CSV file');
        const f = file.files[0];
        const up = await api('/api/v1/datasets?name=' + encodeURIComponent(f.name),
          {method: 'POST', raw: f, headers: {'Content-Type': 'text/csv'}});
        body.dataset_id = up.dataset_id;
      }
      const run = await api('/api/v1/pipelines', {method: 'POST', body});
      ctx.toast('Run ' + run.run_id + ' started.');
      ctx.navigate('/runs/' + run.run_id);
    } catch (err) {
      error.textContent = 'Could not start the run: ' + err.message;
    } finally {
      submit.disabled = false;
    }
  });
  return h('section', {'aria-labelledby': 'start-h'},
    h('details', {class: 'start', open: true},
      h('summary', {}, h('h2', {id: 'start-h', class: 'inline'}, 'Start a run')), form));
}
