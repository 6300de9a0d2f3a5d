// The approvals inbox: pending gates with their run's context, a TTL countdown each, approve or
// reject with a rationale; decided gates below it.
import {api} from '../api.js';
import {h, clear, table, badge, fmtTime} from '../dom.js';
import {gateCard, tickCountdowns} from '../gates.js';

export async function render(main, ctx) {
  const inbox = h('div', {id: 'inbox', 'aria-live': 'polite'});
  const decided = h('div', {id: 'decided'});
  let stop = () => {};
  const runs = new Map();

  async function refresh() {
    const pending = await api('/api/v1/approvals?state=pending&limit=100');
    await Promise.all([...new Set(pending.items.map(g => g.run_id))].filter(id => !runs.has(id)).map(id =>
      api('/api/v1/pipelines/' + id).then(r => runs.set(id, r), () => {})));
    stop();
    clear(inbox, pending.items.length
      ? pending.items.map(g => gateCard(g, ctx, runs.get(g.run_id), () => { runs.delete(g.run_id); refresh(); }))
      : h('p', {class: 'empty'}, 'No gate is waiting for a decision.'));
    stop = tickCountdowns(inbox);
    const recent = [];
    for (const state of ['approved', 'rejected', 'expired']) {
      try { recent.push(...(await api('/api/v1/approvals?state=' + state + '&limit=20')).items); } catch (e) { /* older servers */ }
    }
    recent.sort((a, b) => String(b.decided_at || b.created_at).localeCompare(String(a.decided_at || a.created_at)));
    clear(decided, table('Recently decided gates', [
      {label: 'Gate', get: g => h('code', {}, g.gate_id)},
      {label: 'Run', get: g => h('a', {href: '/runs/' + g.run_id, 'data-link': true}, g.run_id)},
      {label: 'Decision', get: g => badge(g.state)},
      {label: 'By', get: g => g.decided_by || ''},
      {label: 'Rationale', class: 'wide', get: g => g.rationale || ''},
      {label: 'When', get: g => fmtTime(g.decided_at || g.created_at)},
    ], recent.slice(0, 20), 'No decisions yet.'));
  }

  clear(main, h('h1', {}, 'Approvals'),
    h('section', {'aria-labelledby': 'pending-h'}, h('h2', {id: 'pending-h'}, 'Waiting for a decision'), inbox),
    h('section', {'aria-labelledby': 'decided-h'}, h('h2', {id: 'decided-h'}, 'Decided'), decided));
  await refresh();
  // Gates open while the page is shown; a new one appears within the refresh interval.
  const timer = setInterval(() => {
    // Never redraw under the user's typing: the rationale would be lost.
    if (!inbox.contains(document.activeElement)) refresh().catch(() => {});
  }, 5000);
  return () => { clearInterval(timer); stop(); };
}
