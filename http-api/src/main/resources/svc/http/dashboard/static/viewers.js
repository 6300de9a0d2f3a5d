// Viewers of a run's artefacts: metrics as tables, fairness by group, SHAP importance and drift
// PSI per feature as ECharts charts (the bundle is served from the jar and loaded on first use),
// each chart with a table of the same figures for screen readers and keyboard users; the model
// card rendered from its Markdown.
import {h, fmtNum, table} from './dom.js';
import {markdown} from './markdown.js';

let echartsModule = null;
async function echarts() {
  if (!echartsModule) echartsModule = await import('/static/vendor/echarts.esm.min.js');
  return echartsModule;
}

const charts = new Set();
window.addEventListener('resize', () => charts.forEach(c => c.resize()));

/** A chart in a labelled box; the figures are also in the table that follows it. */
async function chart(label, option, rows) {
  const box = h('div', {class: 'chart', role: 'img', 'aria-label': label});
  box.classList.add(rows > 12 ? 'tall' : 'short');
  const lib = await echarts();
  // The container must be in the document with a size before ECharts measures it.
  requestAnimationFrame(() => {
    const c = lib.init(box, null, {renderer: 'canvas'});
    c.setOption({animation: false, grid: {left: 8, right: 24, top: 30, bottom: 8, containLabel: true}, ...option});
    charts.add(c);
  });
  return box;
}

const METRIC_ORDER = ['accuracy', 'precision', 'recall', 'f1', 'roc_auc', 'log_loss', 'rmse', 'mae', 'r2', 'rows'];

export function metricsView(m) {
  const splits = ['test', 'validation'].filter(s => m[s]);
  const names = METRIC_ORDER.filter(k => splits.some(s => typeof m[s][k] === 'number'));
  return h('div', {},
    h('p', {}, 'Task ', h('strong', {}, m.task || '?'), ', target ', h('code', {}, m.target || '?'),
      m.model ? [', chosen model ', h('strong', {}, m.model.candidate || m.model.learner)] : null,
      m.dropped_columns?.length ? ', dropped columns: ' + m.dropped_columns.join(', ') : null),
    table('Chosen model', [{label: 'Metric', get: k => k},
      ...splits.map(s => ({label: s, class: 'num', get: k => fmtNum(m[s][k])}))], names),
    m.candidates?.length ? table('Candidates on validation', [
      {label: 'Candidate', get: c => c.candidate},
      {label: 'Learner', get: c => c.learner},
      {label: 'Score', class: 'num', get: c => fmtNum(c.score)},
      ...['accuracy', 'f1', 'roc_auc', 'rmse', 'r2'].filter(k => m.candidates.some(c => c.validation?.[k] !== undefined))
        .map(k => ({label: k, class: 'num', get: c => fmtNum(c.validation?.[k])})),
    ], m.candidates) : null);
}

export async function fairnessView(f) {
  const parts = [h('p', {}, f.gate_passed ? 'The fairness gate passed' : 'The fairness gate did not pass',
    ' (largest demographic parity difference ', fmtNum(f.max_demographic_parity_difference),
    ' against a threshold of ', fmtNum(f.gate_threshold), f.worst_attribute ? ', worst: ' + f.worst_attribute : '', ').')];
  for (const a of f.attributes || []) {
    const groups = a.groups || [];
    parts.push(h('h4', {}, a.attribute + (a.gate_passed ? ' — passed' : ' — not passed')));
    parts.push(await chart('Selection rate and true positive rate by ' + a.attribute + ' group', {
      tooltip: {trigger: 'axis'},
      legend: {data: ['selection rate', 'base rate', 'true positive rate']},
      xAxis: {type: 'category', data: groups.map(g => String(g.group))},
      yAxis: {type: 'value', max: 1},
      series: [
        {name: 'selection rate', type: 'bar', data: groups.map(g => g.selection_rate)},
        {name: 'base rate', type: 'bar', data: groups.map(g => g.base_rate)},
        {name: 'true positive rate', type: 'bar', data: groups.map(g => g.tpr)},
      ],
    }, groups.length));
    parts.push(table('Fairness by ' + a.attribute + ': parity difference ' + fmtNum(a.demographic_parity_difference)
      + ', ratio ' + fmtNum(a.demographic_parity_ratio) + ', equalized odds difference ' + fmtNum(a.equalized_odds_difference), [
      {label: 'Group', get: g => String(g.group)},
      {label: 'Count', class: 'num', get: g => g.count},
      {label: 'Selection rate', class: 'num', get: g => fmtNum(g.selection_rate)},
      {label: 'Base rate', class: 'num', get: g => fmtNum(g.base_rate)},
      {label: 'TPR', class: 'num', get: g => fmtNum(g.tpr)},
      {label: 'FPR', class: 'num', get: g => fmtNum(g.fpr)},
      {label: 'Accuracy', class: 'num', get: g => fmtNum(g.accuracy)},
    ], groups));
  }
  return h('div', {}, parts);
}

export async function shapView(s) {
  const top = (s.global_importance || []).slice(0, 20);
  const reversed = [...top].reverse();
  return h('div', {},
    h('p', {}, 'Mean absolute SHAP value per feature (' + (s.output_unit || 'model output') + '), largest first.'),
    await chart('SHAP importance per feature', {
      tooltip: {trigger: 'axis'},
      xAxis: {type: 'value'},
      yAxis: {type: 'category', data: reversed.map(f => f.feature)},
      series: [{name: 'mean |SHAP|', type: 'bar', data: reversed.map(f => f.mean_abs_shap)}],
    }, top.length),
    table('SHAP importance', [{label: 'Feature', get: f => f.feature},
      {label: 'Mean |SHAP|', class: 'num', get: f => fmtNum(f.mean_abs_shap, 4)}], top));
}

export async function driftView(d) {
  const features = [...(d.features || [])].sort((a, b) => b.psi - a.psi);
  const reversed = [...features].reverse();
  const color = band => band === 'stable' ? '#3c8d40' : band === 'moderate' || band === 'warning' ? '#d08c00' : '#c0392b';
  return h('div', {},
    h('p', {}, 'Population stability index (PSI) of each feature between the training split and the held-out data.'),
    await chart('Drift PSI per feature', {
      tooltip: {trigger: 'axis'},
      xAxis: {type: 'value'},
      yAxis: {type: 'category', data: reversed.map(f => f.name)},
      series: [{name: 'PSI', type: 'bar', data: reversed.map(f => ({value: f.psi, itemStyle: {color: color(f.band)}}))}],
    }, features.length),
    table('Drift per feature', [
      {label: 'Feature', get: f => f.name},
      {label: 'Type', get: f => f.type},
      {label: 'PSI', class: 'num', get: f => fmtNum(f.psi, 4)},
      {label: 'Band', get: f => h('span', {class: 'band band-' + f.band}, f.band)},
      {label: 'KS p-value', class: 'num', get: f => fmtNum(f.ks_p_value, 4)},
    ], features));
}

export function modelCardView(text) {
  return h('div', {class: 'markdown'}, markdown(text));
}

export function disposeCharts() {
  charts.forEach(c => c.dispose());
  charts.clear();
}
