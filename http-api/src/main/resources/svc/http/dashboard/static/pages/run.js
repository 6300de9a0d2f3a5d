// One run: its facts and actions, pending gates, the workflow graph with the current node, the
// agent tree (status, time, cost per agent), the live conversation over the run's WebSocket
// (tool calls and results collapsible) and its artefacts with viewers.
import {api, all, atLeast, wsUrl} from '../api.js';
import {h, clear, badge, fmtTime, fmtClock, fmtUsd, fmtDuration, table} from '../dom.js';
import {drawWorkflow} from '../graph.js';
import {gateCard, tickCountdowns} from '../gates.js';
import {metricsView, fairnessView, shapView, driftView, modelCardView, disposeCharts} from '../viewers.js';

const FINAL = ['succeeded', 'failed', 'cancelled'];
const MAX_LOG = 3000;

export async function render(main, ctx) {
  const runId = ctx.params[0];
  let run = await api('/api/v1/pipelines/' + runId);
  const [graph, roster] = await Promise.all([
    api('/api/v1/pipelines/' + runId + '/workflow').catch(() => null),
    all('/api/v1/agents').catch(() => []),
  ]);
  const visited = new Set();
  const agents = new Map();

  const facts = h('div', {id: 'run-facts'});
  const gates = h('div', {id: 'run-gates'});
  const graphBox = h('div', {class: 'scroll graph', id: 'run-graph'});
  const tree = h('div', {id: 'agent-tree'});
  const log = h('ol', {id: 'stream', class: 'stream', role: 'log', 'aria-label': 'Conversation of the run\'s agents',
    'aria-live': 'off'});
  const latest = h('p', {id: 'stream-status', class: 'muted', 'aria-live': 'polite'}, 'Connecting to the live stream…');
  const artefacts = h('div', {id: 'artefacts'});
  let stopCountdowns = () => {};
  let shownGates = null;

  function renderFacts() {
    const canAct = atLeast(ctx.me.role, 'operator');
    const actions = [];
    if (canAct && !FINAL.includes(run.state)) {
      actions.push(h('button', {type: 'button', class: 'danger', onclick: async () => {
        if (!confirm('Cancel run ' + runId + '?')) return;
        run = await api('/api/v1/pipelines/' + runId, {method: 'DELETE'});
        renderFacts();
      }}, 'Cancel run'));
    }
    if (canAct && run.state === 'paused') {
      actions.push(h('button', {type: 'button', onclick: async () => {
        run = await api('/api/v1/pipelines/' + runId + '/resume', {method: 'POST'});
        renderFacts();
      }}, 'Resume'));
    }
    clear(facts,
      h('h1', {}, 'Run ', h('code', {}, runId), ' ', h('span', {id: 'run-state'}, badge(run.state))),
      h('p', {class: 'problem'}, run.problem),
      h('dl', {class: 'facts'},
        h('dt', {}, 'Workflow'), h('dd', {}, run.template + ' · profile ' + run.profile),
        h('dt', {}, 'Dataset'), h('dd', {}, run.dataset_path || run.dataset_id || ''),
        run.target ? [h('dt', {}, 'Target'), h('dd', {}, run.target)] : null,
        run.sensitive_attributes?.length ? [h('dt', {}, 'Sensitive'), h('dd', {}, run.sensitive_attributes.join(', '))] : null,
        h('dt', {}, 'Current node'), h('dd', {}, run.current_node || '—'),
        h('dt', {}, 'Cost'), h('dd', {id: 'run-cost'}, fmtUsd(run.cost_usd)),
        h('dt', {}, 'Started'), h('dd', {}, fmtTime(run.created_at)),
        h('dt', {}, 'Updated'), h('dd', {}, fmtTime(run.updated_at)),
        run.failure ? [h('dt', {}, 'Failure'), h('dd', {class: 'error'}, run.failure)] : null),
      actions.length ? h('div', {class: 'buttons'}, actions) : null);
    // The gate cards are redrawn only when the pending gates change, so a rationale being typed survives.
    const pendingKey = (run.pending_gates || []).map(g => g.gate_id).join(',');
    if (pendingKey !== shownGates) {
      shownGates = pendingKey;
      stopCountdowns();
      clear(gates, run.pending_gates?.length
        ? [h('h2', {}, 'Waiting for a decision'), run.pending_gates.map(g => gateCard(g, ctx, run, refreshRun))]
        : null);
      stopCountdowns = tickCountdowns(gates);
    }
    renderGraph();
  }

  function renderGraph() {
    if (graph) clear(graphBox, drawWorkflow(graph, FINAL.includes(run.state) ? null : run.current_node, visited));
    else clear(graphBox, h('p', {class: 'muted'}, 'The workflow graph is not available.'));
  }

  async function refreshRun() {
    run = await api('/api/v1/pipelines/' + runId);
    renderFacts();
    // The agents' status follows the run's: at its end nobody is still working.
    scheduleTree();
  }

  // ---- agents --------------------------------------------------------------------------
  function agent(name) {
    if (!agents.has(name)) agents.set(name, {name, first: null, last: null, messages: 0, cost: 0, assigned: 0, finished: 0, failed: 0});
    return agents.get(name);
  }

  function noteAgent(m) {
    if (!m.agent) return;
    const a = agent(m.agent);
    const ts = new Date(m.ts).getTime();
    if (!a.first || ts < a.first) a.first = ts;
    if (!a.last || ts > a.last) a.last = ts;
    a.messages++;
    if (typeof m.cost_usd === 'number') a.cost += m.cost_usd;
    if (m.type === 'agent_message' && m.role === 'user') a.assigned++;
    if (m.type === 'task_finished') { a.finished++; if (m.ok === false) a.failed++; }
  }

  function status(a) {
    if (!a) return 'idle';
    if (a.assigned > a.finished) {
      if (!FINAL.includes(run.state)) return 'working';
      if (run.state !== 'succeeded') return 'stopped';
    }
    if (a.failed) return 'failed';
    return 'done';
  }

  let treeTimer = null;
  function scheduleTree() {
    if (!treeTimer) treeTimer = setTimeout(() => { treeTimer = null; renderTree(); }, 400);
  }

  function renderTree() {
    const byName = new Map(roster.map(r => [r.name, r]));
    const children = new Map();
    const hasParent = new Set();
    for (const r of roster) {
      for (const d of r.delegates || []) {
        if (byName.get(d)?.tier !== 'director' && !hasParent.has(d)) {
          hasParent.add(d);
          if (!children.has(r.name)) children.set(r.name, []);
          children.get(r.name).push(d);
        }
      }
    }
    const active = name => agents.has(name) || (children.get(name) || []).some(active);
    const node = name => {
      const a = agents.get(name);
      const kids = (children.get(name) || []).filter(active);
      const st = status(a);
      return h('li', {'data-agent': name},
        h('span', {class: 'agent'}, h('strong', {}, name), ' ', h('span', {class: 'badge agent-' + st}, st),
          a ? h('span', {class: 'muted'}, ' · ' + fmtDuration(a.last - a.first) + ' · ' + fmtUsd(a.cost) + ' · '
            + a.messages + ' messages') : null),
        kids.length ? h('ul', {}, kids.map(node)) : null);
    };
    const roots = roster.filter(r => !hasParent.has(r.name)).map(r => r.name).filter(active);
    const stray = [...agents.keys()].filter(n => !byName.has(n));
    clear(tree, roots.length || stray.length
      ? h('ul', {class: 'tree', 'aria-label': 'Agents of the run'}, roots.map(node), stray.map(node))
      : h('p', {class: 'muted'}, 'No agent has worked yet.'));
  }

  // ---- the stream ----------------------------------------------------------------------
  function entry(m) {
    const time = h('time', {datetime: m.ts}, fmtClock(m.ts));
    switch (m.type) {
      case 'agent_message':
        return h('li', {class: 'msg ' + m.role}, time, ' ', h('strong', {}, m.agent), ' ',
          h('span', {class: 'kind'}, m.role === 'user' ? 'was given a task' : 'answered'),
          m.cost_usd ? h('span', {class: 'muted'}, ' ' + fmtUsd(m.cost_usd)) : null,
          long(m.content));
      case 'tool_call':
        return h('li', {class: 'msg tool-call'}, time, ' ', h('strong', {}, m.agent), ' calls ',
          (m.tool_calls || []).map(c => h('details', {class: 'tool'},
            h('summary', {}, h('code', {}, c.name)),
            h('pre', {}, JSON.stringify(c.arguments, null, 2)))));
      case 'tool_result':
      case 'training_log':
        return h('li', {class: 'msg tool-result' + (m.is_error ? ' failed' : '')}, time, ' ', h('strong', {}, m.agent), ' ',
          h('details', {class: 'tool'},
            h('summary', {}, h('code', {}, m.tool || 'tool'), m.is_error ? ' failed' : ' result',
              m.duration_ms !== undefined ? ' (' + m.duration_ms + ' ms)' : ''),
            h('pre', {}, typeof m.content === 'string' ? m.content : JSON.stringify(m.content, null, 2))));
      case 'task_finished':
        return h('li', {class: 'msg finished'}, time, ' ', h('strong', {}, m.agent), m.ok === false ? ' failed its task' : ' finished its task');
      case 'stage':
        return h('li', {class: 'msg stage'}, time, ' ', m.completed || m.node === undefined
          ? 'Workflow completed' + (m.content ? ': ' + m.content : '')
          : ['Stage ', h('code', {}, m.node), m.visit > 1 ? ' (visit ' + m.visit + ')' : '', m.edge ? ' via ' + m.edge : '']);
      case 'gate':
        return h('li', {class: 'msg gate'}, time, ' Gate ', h('code', {}, m.gate_id), ' ', m.escalated ? 'escalated' : m.state,
          m.by ? ' by ' + m.by : '', m.rationale ? ': ' + m.rationale : '');
      case 'state':
        return h('li', {class: 'msg state'}, time, ' Run ', badge(m.state), m.reason ? ' — ' + m.reason : '');
      default:
        return h('li', {class: 'msg'}, time, ' ', m.type, m.reason ? ': ' + m.reason : '');
    }
  }

  function long(text) {
    if (!text) return null;
    const t = typeof text === 'string' ? text : JSON.stringify(text);
    if (t.length <= 280) return h('div', {class: 'content'}, t);
    return h('details', {class: 'content'}, h('summary', {}, t.slice(0, 200) + '…'), h('pre', {}, t));
  }

  function summary(m) {
    switch (m.type) {
      case 'stage': return m.node ? 'Stage ' + m.node + ' started' : 'Workflow completed';
      case 'gate': return 'Gate ' + m.gate_id + ' ' + (m.escalated ? 'escalated' : m.state);
      case 'state': return 'Run is ' + m.state;
      case 'tool_call': return m.agent + ' calls ' + (m.tool_calls || []).map(c => c.name).join(', ');
      default: return null;
    }
  }

  let count = 0;
  let finalSeen = false;
  function onMessage(m) {
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 40;
    log.append(entry(m));
    if (++count > MAX_LOG) log.firstElementChild.remove();
    if (atBottom) log.scrollTop = log.scrollHeight;
    noteAgent(m);
    scheduleTree();
    const said = summary(m);
    if (said) latest.textContent = said;
    if (m.type === 'stage' && m.node) {
      visited.add(m.node);
      run.current_node = m.node;
      renderGraph();
    }
    if (m.type === 'gate' || m.type === 'state') {
      if (m.type === 'state' && FINAL.includes(m.state)) finalSeen = true;
      refreshRun().then(() => finalSeen && loadArtefacts()).catch(() => {});
    }
    if (typeof m.cost_usd === 'number') {
      // The live sum of the agents' model calls; the run record catches up when it is read again.
      const live = [...agents.values()].reduce((sum, a) => sum + a.cost, 0);
      const el = document.getElementById('run-cost');
      if (el && live > (run.cost_usd || 0)) el.textContent = fmtUsd(live);
    }
  }

  let socket = null;
  let closedByUs = false;
  function connect() {
    socket = new WebSocket(wsUrl('/api/v1/pipelines/' + runId + '/stream'));
    socket.addEventListener('open', () => { latest.textContent = 'Live: following the run.'; });
    socket.addEventListener('message', e => {
      try { onMessage(JSON.parse(e.data)); } catch (err) { /* one bad frame must not stop the stream */ }
    });
    socket.addEventListener('close', () => {
      if (closedByUs) return;
      latest.textContent = finalSeen ? 'The run has ended; the stream is closed.' : 'The stream closed.';
      refreshRun().then(loadArtefacts).catch(() => {});
    });
  }

  // ---- artefacts -----------------------------------------------------------------------
  async function loadArtefacts() {
    let list = [];
    try { list = await all('/api/v1/pipelines/' + runId + '/artifacts'); } catch (e) { /* none yet */ }
    const names = new Set(list.map(a => a.name));
    const base = '/api/v1/pipelines/' + runId + '/artifacts/';
    const tabs = [
      ['metrics.json', 'Metrics', async () => metricsView(await api(base + 'metrics.json'))],
      ['fairness.json', 'Fairness', async () => fairnessView(await api(base + 'fairness.json'))],
      ['shap.json', 'SHAP', async () => shapView(await api(base + 'shap.json'))],
      ['drift.json', 'Drift', async () => driftView(await api(base + 'drift.json'))],
      ['model_card.md', 'Model card', async () => modelCardView(await api(base + 'model_card.md', {headers: {Accept: 'text/markdown'}}))],
    ].filter(t => names.has(t[0]));
    const panel = h('div', {class: 'panel', role: 'tabpanel', id: 'artefact-panel', tabindex: '0'});
    const buttons = tabs.map(([file, label, view], i) => {
      const b = h('button', {type: 'button', role: 'tab', id: 'tab-' + i, 'aria-controls': 'artefact-panel',
        'aria-selected': 'false', tabindex: '-1', 'data-artefact': file}, label);
      b.addEventListener('click', () => select(i));
      return b;
    });
    async function select(i) {
      buttons.forEach((b, j) => { b.setAttribute('aria-selected', String(i === j)); b.tabIndex = i === j ? 0 : -1; });
      panel.setAttribute('aria-labelledby', 'tab-' + i);
      disposeCharts();
      clear(panel, h('p', {class: 'loading'}, 'Loading ' + tabs[i][1].toLowerCase() + '…'));
      try { clear(panel, await tabs[i][2]()); } catch (e) { clear(panel, h('p', {class: 'error'}, e.message)); }
    }
    const tablist = h('div', {role: 'tablist', 'aria-label': 'Artefact viewers'}, buttons);
    // Arrow keys move between tabs, as the ARIA tabs pattern asks.
    tablist.addEventListener('keydown', e => {
      const i = buttons.indexOf(document.activeElement);
      if (i < 0 || !['ArrowLeft', 'ArrowRight'].includes(e.key)) return;
      const j = (i + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length;
      buttons[j].focus();
      select(j);
    });
    clear(artefacts,
      names.has('audit.pdf') ? h('p', {}, h('a', {class: 'button primary', id: 'audit-pdf', href: base + 'audit.pdf',
        download: runId + '-audit.pdf'}, 'Download the audit PDF')) : null,
      tabs.length ? [tablist, panel] : null,
      h('details', {}, h('summary', {}, 'All files (' + list.length + ')'),
        table(null, [
          {label: 'File', get: a => h('a', {href: base + a.name, download: a.name.split('/').pop()}, a.name)},
          {label: 'Size', class: 'num', get: a => a.size + ' B'},
          {label: 'SHA-256', get: a => h('code', {class: 'hash'}, a.sha256.slice(0, 16) + '…')},
        ], list, 'No artefacts yet.')));
    if (tabs.length) select(0);
  }

  clear(main,
    facts, gates,
    h('section', {'aria-labelledby': 'graph-h'}, h('h2', {id: 'graph-h'}, 'Workflow'), graphBox),
    h('div', {class: 'split'},
      h('section', {'aria-labelledby': 'agents-h', class: 'agents'}, h('h2', {id: 'agents-h'}, 'Agents'), tree),
      h('section', {'aria-labelledby': 'stream-h', class: 'conversation'}, h('h2', {id: 'stream-h'}, 'Live conversation'),
        latest, log)),
    h('section', {'aria-labelledby': 'art-h'}, h('h2', {id: 'art-h'}, 'Artefacts'), artefacts));
  renderFacts();
  renderTree();
  connect();
  loadArtefacts();
  return () => {
    closedByUs = true;
    if (socket) socket.close();
    stopCountdowns();
    clearTimeout(treeTimer);
    disposeCharts();
  };
}
