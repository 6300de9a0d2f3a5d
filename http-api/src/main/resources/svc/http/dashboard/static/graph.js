// The workflow graph as SVG, drawn from the run's nodes and edges (GET .../workflow): columns by
// depth from the start node (back edges of loops ignored for the layout and drawn as arcs), the
// current node highlighted, visited nodes marked.
import {h} from './dom.js';

const W = 150, H = 46, GAP_X = 46, GAP_Y = 22, PAD = 12;

/** Depth of each node: the longest path from the start without following a back edge. */
export function layers(graph) {
  const out = new Map(graph.nodes.map(n => [n.id, []]));
  graph.edges.forEach(e => out.get(e.source)?.push(e.target));
  const back = new Set();
  const state = new Map();
  const order = [];
  (function visit(id) {
    state.set(id, 1);
    for (const t of out.get(id) || []) {
      if (state.get(t) === 1) back.add(id + '>' + t);
      else if (!state.has(t)) visit(t);
    }
    state.set(id, 2);
    order.push(id);
  })(graph.start);
  graph.nodes.forEach(n => { if (!state.has(n.id)) order.push(n.id); });
  const depth = new Map(graph.nodes.map(n => [n.id, 0]));
  for (const id of order.reverse()) {
    for (const t of out.get(id) || []) {
      if (!back.has(id + '>' + t)) depth.set(t, Math.max(depth.get(t), depth.get(id) + 1));
    }
  }
  return {depth, back};
}

/** Percent of the way through the graph at the current node (by depth), or null without a graph. */
export function progressOf(graph, current) {
  if (!graph || !current) return null;
  const {depth} = layers(graph);
  const max = Math.max(...depth.values());
  if (!depth.has(current) || max === 0) return null;
  return Math.round(100 * depth.get(current) / (max + 1));
}

export function drawWorkflow(graph, current, visited = new Set()) {
  const {depth, back} = layers(graph);
  const columns = new Map();
  graph.nodes.forEach(n => {
    const d = depth.get(n.id);
    if (!columns.has(d)) columns.set(d, []);
    columns.get(d).push(n);
  });
  const pos = new Map();
  let rows = 1;
  for (const [d, nodes] of columns) {
    rows = Math.max(rows, nodes.length);
    nodes.forEach((n, i) => pos.set(n.id, {x: PAD + d * (W + GAP_X), y: PAD + i * (H + GAP_Y)}));
  }
  const width = PAD * 2 + columns.size * (W + GAP_X) - GAP_X;
  const height = PAD * 2 + rows * (H + GAP_Y) - GAP_Y + 30;
  const svg = h('svg', {viewBox: `0 0 ${width} ${height}`, width: String(width), height: String(height),
    role: 'img', 'aria-labelledby': 'wf-title', class: 'workflow'},
  h('title', {id: 'wf-title'}, 'Workflow ' + graph.name + (current ? ', now at ' + current : '')),
  h('defs', {}, h('marker', {id: 'arrow', viewBox: '0 0 10 10', refX: '10', refY: '5', markerWidth: '7',
    markerHeight: '7', orient: 'auto-start-reverse'}, h('path', {d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead'}))));
  for (const e of graph.edges) {
    const a = pos.get(e.source), b = pos.get(e.target);
    if (!a || !b) continue;
    let d;
    if (back.has(e.source + '>' + e.target)) {
      const y = Math.max(a.y, b.y) + H + 22;
      d = `M ${a.x + W / 2} ${a.y + H} C ${a.x + W / 2} ${y}, ${b.x + W / 2} ${y}, ${b.x + W / 2} ${b.y + H}`;
    } else {
      d = `M ${a.x + W} ${a.y + H / 2} C ${a.x + W + GAP_X / 2} ${a.y + H / 2}, ${b.x - GAP_X / 2} ${b.y + H / 2}, ${b.x} ${b.y + H / 2}`;
    }
    svg.append(h('path', {d, class: 'edge' + (back.has(e.source + '>' + e.target) ? ' back' : ''), 'marker-end': 'url(#arrow)'}));
  }
  for (const n of graph.nodes) {
    const p = pos.get(n.id);
    const cls = ['node', 'node-' + n.type, n.id === current ? 'current' : '', visited.has(n.id) ? 'visited' : ''].join(' ');
    svg.append(h('g', {class: cls, transform: `translate(${p.x},${p.y})`, 'data-node': n.id},
      h('title', {}, n.id + ' (' + n.type + (n.team ? ', ' + n.team + ' team' : '') + ')'
        + (n.id === current ? ', current' : visited.has(n.id) ? ', visited' : '')),
      h('rect', {width: String(W), height: String(H), rx: n.type === 'router' ? '22' : '6'}),
      h('text', {x: String(W / 2), y: '19', class: 'label'}, n.id),
      h('text', {x: String(W / 2), y: '35', class: 'sub'}, n.type === 'stage' ? n.team + ' team'
        : n.type === 'checkpoint' ? (n.gate_type || 'gate') + ' gate' : 'router')));
  }
  return svg;
}
