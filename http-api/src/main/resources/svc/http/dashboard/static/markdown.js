// A small Markdown renderer for the model card: headings, paragraphs, lists, tables, code,
// emphasis and links. It builds DOM nodes (text through textContent), never HTML strings.
import {h} from './dom.js';

export function markdown(text) {
  const out = [];
  const lines = String(text).replace(/\r\n/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const code = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      i++;
      out.push(h('pre', {}, h('code', {}, code.join('\n'))));
    } else if (/^#{1,6}\s/.test(line)) {
      const level = Math.min(6, line.match(/^#+/)[0].length + 1);
      out.push(h('h' + level, {}, inline(line.replace(/^#+\s*/, ''))));
      i++;
    } else if (/^\s*\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) rows.push(lines[i]);
      out.push(mdTable(rows));
    } else if (/^\s*([-*]|\d+\.)\s/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      for (; i < lines.length && /^\s*([-*]|\d+\.)\s/.test(lines[i]); i++) {
        items.push(h('li', {}, inline(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ''))));
      }
      out.push(h(ordered ? 'ol' : 'ul', {}, items));
    } else if (!line.trim()) {
      i++;
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() && !/^(#|```|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i]); i++) para.push(lines[i]);
      out.push(h('p', {}, inline(para.join(' '))));
    }
  }
  return out;
}

function cells(row) {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map(c => c.trim());
}

function mdTable(rows) {
  const head = cells(rows[0]);
  const body = rows.slice(1).filter(r => !/^\s*\|?\s*:?-{2,}/.test(r)).map(cells);
  return h('div', {class: 'scroll'}, h('table', {},
    h('thead', {}, h('tr', {}, head.map(c => h('th', {scope: 'col'}, inline(c))))),
    h('tbody', {}, body.map(r => h('tr', {}, r.map(c => h('td', {}, inline(c))))))));
}

/** `code`, **bold**, *italic* and [text](http…) links; everything else is text. */
function inline(text) {
  const parts = [];
  const re = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*|\[[^\]]+\]\([^)]+\))/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith('`')) parts.push(h('code', {}, t.slice(1, -1)));
    else if (t.startsWith('**')) parts.push(h('strong', {}, t.slice(2, -2)));
    else if (t.startsWith('*')) parts.push(h('em', {}, t.slice(1, -1)));
    else {
      const [, label, href] = t.match(/\[([^\]]+)\]\(([^)]+)\)/);
      parts.push(/^(https?:|\/)/.test(href) ? h('a', {href, rel: 'noopener'}, label) : label);
    }
    last = m.index + t.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
