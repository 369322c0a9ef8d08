// A flame graph (self-contained SVG) out of a V8 CPU profile, and the frames that cost most by self time.
//
//   node scripts/cpuprofile-to-flamegraph.mjs <file.cpuprofile> -o <out.svg> [--operation <regexp>]
//        [--operations <bench-api-operations.json>] [--from <µs> --to <µs>] [--title <text>] [--keep-idle]
//        [--keep-wasm-functions] [--top <n>] [--inclusive <regexp> ...]
//
// --operation keeps only the samples taken while one bench:api operation ran: the time windows bench:api writes
// beside the profiles when BENCH_NODE_ARGS has --cpu-prof-dir (bench-api-operations.json, looked up in the
// profile's folder unless --operations names it); the regexp is matched against "group: operation" and must
// match one window. --from/--to give a window by hand (the profile's clock, microseconds). The server's idle time
// ("(idle)", waiting for I/O) is left out unless --keep-idle; the subtitle says how much there was. A sample counts
// the time to the next one, at most twice the usual interval: on a busy machine the process also waits for a core,
// and that wait (the "long gaps" of the subtitle) is no frame's time. Each --inclusive prints the time of the stacks
// that pass through a frame matching it (a subtree's total, e.g. --inclusive helmet). Calls between a
// WebAssembly module's unnamed functions (PGlite's PostgreSQL) are one frame unless --keep-wasm-functions.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { foldProfile, selfTimes } from './bench-flamegraph/fold.mjs';
import { CATEGORIES, categoryOf, renderFlameGraph } from './bench-flamegraph/svg.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    output: { type: 'string', short: 'o' },
    operation: { type: 'string' },
    operations: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    title: { type: 'string' },
    'keep-idle': { type: 'boolean', default: false },
    'keep-wasm-functions': { type: 'boolean', default: false },
    top: { type: 'string', default: '15' },
    inclusive: { type: 'string', multiple: true, default: [] },
  },
});
if (positionals.length !== 1 || !values.output) {
  console.error('usage: node scripts/cpuprofile-to-flamegraph.mjs <file.cpuprofile> -o <out.svg> [--operation <regexp>] [--operations <file>] [--from <µs> --to <µs>] [--title <text>] [--keep-idle] [--keep-wasm-functions] [--top <n>] [--inclusive <regexp> ...]');
  process.exit(2);
}
const profileFile = positionals[0];
const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8'));

/** The window to keep: an operation's from bench-api-operations.json, or --from/--to, or the whole profile. */
function chooseWindow() {
  if (values.operation) {
    const file = values.operations ?? path.join(path.dirname(profileFile), 'bench-api-operations.json');
    const pattern = new RegExp(values.operation, 'i');
    const matches = JSON.parse(fs.readFileSync(file, 'utf8')).filter((w) => pattern.test(`${w.group}: ${w.operation}`));
    if (matches.length !== 1) {
      throw new Error(`--operation ${values.operation}: ${matches.length} windows match in ${file}${matches.length ? `: ${matches.map((w) => `"${w.group}: ${w.operation}"`).join(', ')}` : ''}`);
    }
    const [w] = matches;
    return { from: w.from, to: w.to, label: `${w.group ? `${w.group}: ` : ''}${w.operation}` };
  }
  if (values.from || values.to) return { from: Number(values.from ?? -Infinity), to: Number(values.to ?? Infinity), label: `${values.from ?? 'start'}–${values.to ?? 'end'} µs` };
  return { from: -Infinity, to: Infinity, label: 'the whole profile' };
}

const window = chooseWindow();
const { folded, sampled, gaps } = foldProfile(profile, { from: window.from, to: window.to, keepWasmFunctions: values['keep-wasm-functions'] });
if (sampled === 0) throw new Error(`no samples in ${window.label} (is it the profile of the server that ran it?)`);
let idle = 0;
for (const [stack, weight] of folded) {
  if (stack === '(idle)' && !values['keep-idle']) {
    idle = weight;
    folded.delete(stack);
  }
}
const busy = sampled - idle;
const ms = (us) => us / 1000;
const subtitle =
  `${window.label}: ${ms(sampled).toFixed(0)} ms sampled` +
  (values['keep-idle'] ? '' : `, ${ms(busy).toFixed(0)} ms busy (idle ${((100 * idle) / sampled).toFixed(0)} %, not drawn)`) +
  (gaps ? `; ${ms(gaps).toFixed(0)} ms of long gaps between samples not counted` : '') +
  ` — ${path.basename(profileFile)}`;
const title = values.title ?? `CPU flame graph: ${window.label}`;
fs.mkdirSync(path.dirname(path.resolve(values.output)), { recursive: true });
fs.writeFileSync(values.output, renderFlameGraph(folded, { title, subtitle, toMs: ms }));

console.log(`${values.output}: ${subtitle}`);
const total = values['keep-idle'] ? sampled : busy;
const line = (weight, what) => `${ms(weight).toFixed(1).padStart(9)} ms ${((100 * weight) / total).toFixed(1).padStart(5)} %  ${what}`;
const self = selfTimes(folded);
console.log(`\nself time by where the code lives (% of ${values['keep-idle'] ? 'sampled' : 'busy'} time):`);
for (const category of CATEGORIES) {
  const weight = self.filter(([frame]) => categoryOf(frame) === category).reduce((sum, [, w]) => sum + w, 0);
  console.log(line(weight, category.label));
}
console.log(`\ntop frames by self time:`);
for (const [frame, weight] of self.slice(0, Number(values.top))) console.log(line(weight, frame));
if (values.inclusive.length) console.log('\ninclusive time (the stacks that pass through a frame matching):');
for (const pattern of values.inclusive) {
  const matches = new RegExp(pattern, 'i');
  const weight = [...folded].filter(([stack]) => stack.split(';').some((frame) => matches.test(frame))).reduce((sum, [, w]) => sum + w, 0);
  console.log(line(weight, pattern));
}
