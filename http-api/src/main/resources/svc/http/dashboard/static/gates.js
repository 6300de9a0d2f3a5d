// One approval gate as a card: its context, a TTL countdown, and approve/reject with a rationale
// for operators and admins. Shared by the approvals inbox and the run page.
import {api, atLeast} from './api.js';
import {h, clear, fmtTime, field} from './dom.js';

export function remaining(gate, now = Date.now()) {
  if (!gate.ttl_seconds) return null;
  return new Date(gate.created_at).getTime() + gate.ttl_seconds * 1000 - now;
}

export function countdownText(ms) {
  if (ms === null) return 'no expiry';
  if (ms <= 0) return 'expired';
  const s = Math.floor(ms / 1000);
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  return 'expires in ' + (hh ? hh + ' h ' : '') + (hh || mm ? mm + ' min ' : '') + ss + ' s';
}

/** Updates every [data-expires] element's text once a second; returns the stop function. */
export function tickCountdowns(root) {
  const tick = () => root.querySelectorAll('[data-expires]').forEach(el => {
    const at = Number(el.getAttribute('data-expires'));
    const ms = at - Date.now();
    el.textContent = countdownText(ms);
    el.classList.toggle('urgent', ms > 0 && ms < 5 * 60 * 1000);
  });
  tick();
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}

export function gateCard(gate, ctx, run, onDecided) {
  const left = remaining(gate);
  const rationale = h('textarea', {name: 'rationale', rows: '2', required: true});
  const error = h('p', {class: 'error', role: 'alert'});
  const canDecide = atLeast(ctx.me.role, 'operator') && gate.state === 'pending';
  async function decide(decision) {
    error.textContent = '';
    if (!rationale.value.trim()) {
      error.textContent = 'Write a rationale: it goes into the audit trail.';
      rationale.focus();
      return;
    }
    try {
      await api('/api/v1/approvals/' + encodeURIComponent(gate.gate_id), {method: 'POST',
        body: {decision, rationale: rationale.value.trim()}});
      ctx.toast('Gate ' + gate.gate_id + (decision === 'approve' ? ' approved.' : ' rejected.'));
      onDecided && onDecided(gate, decision);
    } catch (e) {
      error.textContent = 'Could not ' + decision + ': ' + e.message;
    }
  }
  const heading = 'Gate ' + (gate.node || gate.type) + ' of ' + gate.run_id;
  return h('article', {class: 'card gate', 'data-gate': gate.gate_id, 'aria-label': heading},
    h('h3', {}, (gate.type || 'manual') + ' gate at ', h('code', {}, gate.node || '?'), ' · ',
      h('a', {href: '/runs/' + gate.run_id, 'data-link': true}, gate.run_id)),
    h('dl', {class: 'facts'},
      h('dt', {}, 'Gate'), h('dd', {}, h('code', {}, gate.gate_id)),
      run ? [h('dt', {}, 'Problem'), h('dd', {}, run.problem)] : null,
      run ? [h('dt', {}, 'Run'), h('dd', {}, run.state + (run.current_node ? ' at ' + run.current_node : '')
        + ' · ' + run.template + ' · profile ' + run.profile)] : null,
      gate.tool ? [h('dt', {}, 'Tool call'), h('dd', {}, h('code', {}, gate.tool), gate.agent ? ' by ' + gate.agent : '')] : null,
      h('dt', {}, 'Opened'), h('dd', {}, fmtTime(gate.created_at)),
      h('dt', {}, 'Time left'), h('dd', {}, left === null ? 'no expiry'
        : h('span', {class: 'countdown', 'data-expires': String(Date.now() + left)}, countdownText(left))),
      gate.escalated_at ? [h('dt', {}, 'Escalated'), h('dd', {}, fmtTime(gate.escalated_at))] : null,
      gate.notify_channels?.length ? [h('dt', {}, 'Notified'), h('dd', {}, gate.notify_channels.join(', '))] : null,
      gate.state !== 'pending' ? [h('dt', {}, 'Decision'), h('dd', {}, gate.state
        + (gate.decided_by ? ' by ' + gate.decided_by : '') + (gate.rationale ? ': ' + gate.rationale : ''))] : null),
    canDecide ? h('div', {class: 'decide'},
      field('Rationale', rationale, 'recorded with your decision'),
      error,
      h('div', {class: 'buttons'},
        h('button', {type: 'button', class: 'primary approve', onclick: () => decide('approve')}, 'Approve'),
        h('button', {type: 'button', class: 'danger reject', onclick: () => decide('reject')}, 'Reject'))) : null);
}

export {clear};
