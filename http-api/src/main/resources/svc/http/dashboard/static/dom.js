// Small DOM helpers: every element is built with createElement and text with textContent, so no
// server text is ever parsed as HTML, and nothing needs an inline script or style (CSP default-src 'self').

/** h('a', {href: '/x', class: 'c', onclick: fn}, 'text', child) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElementNS(
    SVG_TAGS.has(tag) ? 'http://www.w3.org/2000/svg' : 'http://www.w3.org/1999/xhtml', tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'style') throw new Error('inline styles are refused by the CSP; use a class');
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

const SVG_TAGS = new Set(['svg', 'g', 'rect', 'path', 'text', 'defs', 'marker', 'title', 'line', 'circle']);

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export function fmtTime(ts) {
  if (!ts) return '';
  const d = new Date(ts);
  return isNaN(d) ? String(ts) : d.toLocaleString();
}

export function fmtClock(ts) {
  const d = new Date(ts);
  return isNaN(d) ? '' : d.toLocaleTimeString();
}

export function fmtUsd(x) {
  return typeof x === 'number' ? '$' + x.toFixed(x < 1 ? 4 : 2) : '';
}

export function fmtNum(x, digits = 3) {
  return typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(digits)) : (x ?? '');
}

export function fmtDuration(ms) {
  if (!(ms >= 0)) return '';
  const s = Math.round(ms / 1000);
  if (s < 60) return s + ' s';
  const m = Math.floor(s / 60);
  if (m < 60) return m + ' min ' + (s % 60) + ' s';
  return Math.floor(m / 60) + ' h ' + (m % 60) + ' min';
}

export function badge(state) {
  return h('span', {class: 'badge state-' + String(state || 'unknown').replace(/[^a-z_]/g, '')}, state || '?');
}

/** A table from column specs {label, get: row => node|text, class?}. */
export function table(caption, columns, rows, empty = 'Nothing yet.') {
  if (!rows.length) return h('p', {class: 'empty'}, empty);
  return h('div', {class: 'scroll'}, h('table', {},
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, columns.map(c => h('th', {scope: 'col', class: c.class}, c.label)))),
    h('tbody', {}, rows.map(r => h('tr', {}, columns.map(c => h('td', {class: c.class}, c.get(r))))))));
}

/** A labelled form field: the label names the control for screen readers. */
let fieldCount = 0;
export function field(label, control, hint) {
  const id = control.id || ('f' + (++fieldCount));
  control.id = id;
  const hintEl = hint ? h('span', {class: 'hint', id: id + '-hint'}, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', id + '-hint');
  return h('div', {class: 'field'}, h('label', {for: id}, label), control, hintEl);
}
