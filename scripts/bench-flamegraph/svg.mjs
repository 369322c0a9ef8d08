// A flame graph of folded stacks as one self-contained SVG (no script): callers below, callees above, each
// frame's width its share of the time, frames of one parent side by side in name order. Hovering a frame shows
// its full name, time and share (an SVG <title>). Colours say where the code lives.

const WIDTH = 1200;
const PAD = 10;
const FRAME = 17;
const HEADER = 58;
const FOOTER = 26;
const CHAR = 6.6; // px per character of 11 px monospace

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Folded stacks into a tree of { name, value, children } (value in the stacks' unit). */
function buildTree(folded) {
  const root = { name: 'all', value: 0, children: new Map() };
  for (const [stack, weight] of folded) {
    root.value += weight;
    let node = root;
    for (const name of stack.split(';')) {
      if (!node.children.has(name)) node.children.set(name, { name, value: 0, children: new Map() });
      node = node.children.get(name);
      node.value += weight;
    }
  }
  return root;
}

const depthOf = (node) => 1 + Math.max(0, ...[...node.children.values()].map(depthOf));

/** Where a frame's code lives, by its name ("function file:line"), each with its colours. */
export const CATEGORIES = [
  { label: 'WebAssembly (PGlite)', test: (name) => name.startsWith('(WebAssembly)') || name.includes('wasm://'), hue: [160, 175], saturation: 45, light: 58 },
  { label: 'Node.js internals', test: (name) => / node:/.test(name), hue: [190, 220], saturation: 45, light: 68 },
  { label: 'our code (apps/, packages/)', test: (name) => / (apps|packages)\//.test(name), hue: [0, 20], saturation: 70, light: 62 },
  { label: 'libraries (node_modules)', test: (name) => / \S+:\d+$/.test(name), hue: [30, 55], saturation: 80, light: 58 },
  { label: 'V8 and native (no location)', test: () => true, hue: [260, 290], saturation: 30, light: 72 },
];

export const categoryOf = (name) => CATEGORIES.find((c) => c.test(name));

function colorOf(name) {
  const category = categoryOf(name);
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const [from, to] = category.hue;
  return `hsl(${from + (hash % (to - from + 1))}, ${category.saturation}%, ${category.light}%)`;
}

/** The SVG text; `toMs` converts the stacks' weights to milliseconds for the hover text. */
export function renderFlameGraph(folded, { title, subtitle, toMs }) {
  const root = buildTree(folded);
  const depth = depthOf(root);
  const height = HEADER + depth * FRAME + FOOTER;
  const scale = (WIDTH - 2 * PAD) / (root.value || 1);
  const parts = [];
  const frame = (node, x, level) => {
    const width = node.value * scale;
    if (width < 0.3) return;
    const y = HEADER + (depth - level - 1) * FRAME;
    const share = ((100 * node.value) / root.value).toFixed(2);
    const label = `${node.name} — ${toMs(node.value).toFixed(1)} ms, ${share} %`;
    const chars = Math.floor((width - 6) / CHAR);
    const text = chars < 3 ? '' : node.name.length <= chars ? node.name : `${node.name.slice(0, chars - 2)}..`;
    parts.push(
      `<g><title>${escape(label)}</title><rect x="${x.toFixed(2)}" y="${y}" width="${width.toFixed(2)}" height="${FRAME - 1}" rx="2" fill="${colorOf(node.name)}"/>` +
        (text ? `<text x="${(x + 3).toFixed(2)}" y="${y + 12}">${escape(text)}</text>` : '') +
        '</g>',
    );
    let childX = x;
    for (const child of [...node.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      frame(child, childX, level + 1);
      childX += child.value * scale;
    }
  };
  frame(root, PAD, 0);

  let legendX = PAD;
  const legend = CATEGORIES.map((c) => {
    const item = `<rect x="${legendX}" y="${height - 18}" width="12" height="12" rx="2" fill="hsl(${c.hue[0]}, ${c.saturation}%, ${c.light}%)"/><text x="${legendX + 16}" y="${height - 8}">${escape(c.label)}</text>`;
    legendX += 28 + c.label.length * CHAR;
    return item;
  }).join('');

  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="11">
<style>g:hover rect { stroke: #000; stroke-width: 1; } text { fill: #111; pointer-events: none; }</style>
<rect width="100%" height="100%" fill="#fbfbf8"/>
<text x="${WIDTH / 2}" y="22" font-size="15" text-anchor="middle">${escape(title)}</text>
<text x="${WIDTH / 2}" y="42" text-anchor="middle" fill="#555">${escape(subtitle)}</text>
${parts.join('\n')}
${legend}
</svg>
`;
}
