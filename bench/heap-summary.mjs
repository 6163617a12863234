// Reads a V8 heap snapshot (`npm run bench -- --snapshot-kept=kept.heapsnapshot`, or one saved from
// DevTools or `node --heapsnapshot-signal`) and prints where the heap goes, in the views that found
// day 38's trims (README, Performance): self size by kind and class; what holds the arrays,
// strings and typed arrays (each node's first strong retainer and the edge it is held by, climbing
// through the arrays between them, with the holder's first property names, since a built app's
// class names are minified); which fields hold boxed numbers (a HeapNumber each: a field of a class
// becomes a double once one value stored in it is not a small integer); whose typed arrays hold the
// array buffers' contents (outside the JS heap, not in the used-heap figures); and which fields keep
// string concatenations (a tree of parts per string).
//
// Usage: node --max-old-space-size=12000 bench/heap-summary.mjs kept.heapsnapshot [--top=25]
// (a 150 MB heap makes a ~450 MB snapshot, and reading it takes ~3 GB).
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node bench/heap-summary.mjs <file.heapsnapshot> [--top=25]\n');
  process.exit(2);
}
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice('--top='.length) ?? 25);

const snapshot = JSON.parse(readFileSync(file, 'utf8'));
const meta = snapshot.snapshot.meta;
const NODE_FIELDS = meta.node_fields.length;
const EDGE_FIELDS = meta.edge_fields.length;
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const TYPE = meta.node_fields.indexOf('type');
const NAME = meta.node_fields.indexOf('name');
const SELF = meta.node_fields.indexOf('self_size');
const EDGE_COUNT = meta.node_fields.indexOf('edge_count');
const EDGE_TYPE = meta.edge_fields.indexOf('type');
const EDGE_NAME = meta.edge_fields.indexOf('name_or_index');
const EDGE_TO = meta.edge_fields.indexOf('to_node');
const { nodes, edges, strings } = snapshot;
const count = nodes.length / NODE_FIELDS;

const typeOf = (n) => nodeTypes[nodes[n * NODE_FIELDS + TYPE]];
const nameOf = (n) => strings[nodes[n * NODE_FIELDS + NAME]];
const selfOf = (n) => nodes[n * NODE_FIELDS + SELF];
/** Where each node's edges start in `edges` (node n's run to firstEdge[n + 1]). */
const firstEdge = new Uint32Array(count + 1);
for (let n = 0, e = 0; n < count; n++) {
  firstEdge[n] = e;
  e += nodes[n * NODE_FIELDS + EDGE_COUNT] * EDGE_FIELDS;
  firstEdge[n + 1] = e;
}
const edgeLabel = (e) => {
  const type = edgeTypes[edges[e + EDGE_TYPE]];
  return type === 'element' || type === 'hidden' ? '[]' : String(strings[edges[e + EDGE_NAME]]);
};
const isString = (n) => typeOf(n).endsWith('string');
/** An object's first property names: a minified class reads by its fields. */
const propertiesOf = (n, how = 5) => {
  const names = [];
  for (let e = firstEdge[n]; e < firstEdge[n + 1] && names.length < how; e += EDGE_FIELDS) {
    if (edgeTypes[edges[e + EDGE_TYPE]] !== 'property') continue;
    const name = strings[edges[e + EDGE_NAME]];
    if (name !== '__proto__' && !String(name).startsWith('get ')) names.push(name);
  }
  return names.join(',');
};
const label = (n) => {
  const type = typeOf(n);
  if (type === 'object') return `${nameOf(n)}{${propertiesOf(n)}}`;
  if (isString(n)) return type;
  return `${type}:${String(nameOf(n)).slice(0, 40)}`;
};

// Each node's first strong retainer and the edge it is held by.
const holder = new Int32Array(count).fill(-1);
const heldBy = new Array(count);
for (let n = 0; n < count; n++) {
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EDGE_FIELDS) {
    const type = edgeTypes[edges[e + EDGE_TYPE]];
    if (type === 'weak' || type === 'shortcut') continue;
    const to = edges[e + EDGE_TO] / NODE_FIELDS;
    if (holder[to] !== -1) continue;
    holder[to] = n;
    heldBy[to] = edgeLabel(e);
  }
}
/** Containers climbed through to name the object that owns a value (an array's elements, a Map's table). */
const isContainer = (n) => {
  const type = typeOf(n);
  if (type === 'array' || type === 'hidden') return true;
  if (type !== 'object') return false;
  const name = nameOf(n);
  return name === 'Array' || name === 'Map' || name === 'Set' || name === 'ArrayBuffer' || name.endsWith('Array');
};
/** `holder-label .edge>edge`: the first non-container holder, and the edges down to the node. */
const ownerPath = (n, hops = 4) => {
  let path = heldBy[n] ?? '?';
  let at = holder[n];
  for (let h = 0; h < hops && at >= 0 && isContainer(at); h++) {
    path = `${heldBy[at] ?? '?'}>${path}`;
    at = holder[at];
  }
  return `${at >= 0 ? label(at) : '(root)'} .${path}`;
};

const MB = (bytes) => (bytes / 1048576).toFixed(2).padStart(8);
function print(title, table) {
  console.log(`\n${title}`);
  for (const [key, [items, bytes]] of [...table].sort((a, b) => b[1][1] - a[1][1]).slice(0, top)) console.log(`${MB(bytes)} MB ${String(items).padStart(8)}  ${key.slice(0, 150)}`);
}
const add = (table, key, bytes) => {
  const row = table.get(key) ?? [0, 0];
  row[0]++;
  row[1] += bytes;
  table.set(key, row);
};

const byKind = new Map();
const byHolder = new Map();
const boxed = new Map();
const buffers = new Map();
let total = 0;
for (let n = 0; n < count; n++) {
  const bytes = selfOf(n);
  total += bytes;
  const type = typeOf(n);
  const name = nameOf(n);
  add(byKind, type === 'object' || type === 'native' ? `${type}:${name}` : isString(n) ? 'string' : type, bytes);
  if (type === 'array' || isString(n) || (type === 'object' && (name === 'Array' || name.endsWith('Array')))) add(byHolder, `${isString(n) ? 'string' : type === 'array' ? 'elements' : name} ← ${ownerPath(n)}`, bytes);
  if (type === 'number' && name === 'heap number' && holder[n] >= 0 && !isContainer(holder[n])) add(boxed, `${label(holder[n])} .${heldBy[n]}`, bytes);
  if (name === 'system / JSArrayBufferData') add(buffers, ownerPath(n, 5), bytes);
}
console.log(`${file}: ${count} nodes, ${MB(total).trim()} MB in all (array buffers' contents included)`);
print('self size by kind (type, or class for objects)', byKind);
print('arrays, elements and strings by holder (first strong retainer, through containers)', byHolder);
print('boxed numbers (HeapNumbers) by the field that holds them', boxed);
print('array buffers\' contents by holder (outside the JS heap)', buffers);

// Concatenated strings: each tree's size (its own nodes and the flat parts only it holds), by the
// field holding its root. A field keeping a tree per object keeps a copy of every part it was built from.
const cons = new Map();
const treeSize = (n) => {
  let bytes = selfOf(n);
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EDGE_FIELDS) {
    const to = edges[e + EDGE_TO] / NODE_FIELDS;
    if (holder[to] === n && isString(to)) bytes += treeSize(to);
  }
  return bytes;
};
for (let n = 0; n < count; n++) {
  if (typeOf(n) !== 'concatenated string' || (holder[n] >= 0 && typeOf(holder[n]) === 'concatenated string')) continue;
  add(cons, ownerPath(n), treeSize(n));
}
print('string concatenations (whole trees) by holder', cons);
