// How bench:api measures and reports: autocannon runs with the run's connections and duration, sequential loops
// timed one request at a time, and one table for every group (req/s, p50, p99, non-2xx, timeouts, % of bare, the CPU the host stole).
// Each measured operation's time window is kept in the clock of V8's CPU profiles, so that
// scripts/cpuprofile-to-flamegraph.mjs can draw one operation out of a profile of the whole run.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * The machine's CPU time counters (Linux /proc/stat: all cores, in clock ticks), or undefined elsewhere. On a
 * virtual machine, `steal` is the time the host gave the machine's cores to someone else: a row measured while the
 * host took a fifth of the cores is not comparable with one measured on a quiet host, so the table says it.
 */
function cpuTimes() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** Percentage of the cores' time the host took between two `cpuTimes`, '—' when unknown. */
function stolenBetween(before, after) {
  if (!before || !after || after.total <= before.total) return '—';
  return `${Math.round((100 * (after.steal - before.steal)) / (after.total - before.total))} %`;
}

/** Microseconds on the monotonic clock that `--cpu-prof` timestamps use (same machine). */
const profileClock = () => Number(process.hrtime.bigint() / 1000n);

/**
 * autocannon's result as a table row; timeouts (no answer within 10 s) are counted apart from error answers. When
 * nothing answered before the run ended, there are no latencies to show (autocannon would report 0 ms).
 */
function fromAutocannon(result) {
  const answered = result.requests.total > 0;
  return {
    rps: result.requests.average,
    p50: answered ? result.latency.p50 : '—',
    p99: answered ? result.latency.p99 : '—',
    non2xx: result.non2xx + result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

export const formatRps = (rps) => (rps < 10 ? rps.toFixed(2) : String(Math.round(rps)));

export function createRecorder({ connections, seconds, only }) {
  const rows = [];
  const windows = [];
  const notes = [];
  let group = '';

  /** Whether BENCH_ONLY selects the operation, by its label or by its group's name. */
  const selects = (groupName, label) => !only || only.test(groupName) || only.test(label);

  /** Several rows out of one piece of work (a loop that times two requests in turn): `work` resolves to their numbers. */
  async function measureTogether(labels, work) {
    const from = profileClock();
    const cpuBefore = cpuTimes();
    const results = await work();
    const stolen = stolenBetween(cpuBefore, cpuTimes());
    const to = profileClock();
    labels.forEach((label, i) => {
      const result = results[i];
      windows.push({ group, operation: label, from, to });
      rows.push({ operation: label, ...result, stolen });
      console.log(`  ${label}: ${formatRps(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.non2xx} non-2xx, ${result.timeouts} timeouts, ${stolen} of the CPU stolen by the host`);
      if (result.p50 === '—') notes.push(`${group ? `${group}: ` : ''}${label}: no answer before the run ended (${seconds} s)`);
    });
    return results;
  }

  return {
    rows,
    notes,
    selects,
    measureTogether,
    measured: (label) => selects(group, label),
    /** Starts a group's part of the table. */
    section(name, title) {
      group = name;
      rows.push({ section: `${name} — ${title}` });
      console.log(`\n${name} — ${title}`);
    },
    /** A line printed under the table (what a row alone cannot say). */
    note(text) {
      notes.push(text);
      console.log(`  ${text}`);
    },
    /** Measures `label` with `work` (which resolves to a row's numbers) when BENCH_ONLY selects it. */
    async measure(label, work) {
      if (!selects(group, label)) return undefined;
      return (await measureTogether([label], async () => [await work()]))[0];
    },
    /** autocannon with the run's connections and duration unless `options` says otherwise. */
    async cannon(options) {
      return fromAutocannon(await autocannon({ connections, duration: seconds, ...options }));
    },
    /** autocannon with the run's connections for as long as `until` takes; resolves to what `until` gave and the load's numbers. */
    async cannonWhile(options, until) {
      let instance;
      const running = new Promise((resolve, reject) => {
        instance = autocannon({ connections, duration: 3600, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
      });
      try {
        const value = await until;
        instance.stop();
        return { value, load: fromAutocannon(await running) };
      } catch (error) {
        instance.stop();
        await running.catch(() => undefined);
        throw error;
      }
    },
    /** Writes the operations' time windows beside the CPU profiles (when the server runs with --cpu-prof-dir). */
    writeWindows(directory) {
      fs.mkdirSync(directory, { recursive: true });
      const file = path.join(directory, 'bench-api-operations.json');
      fs.writeFileSync(file, `${JSON.stringify(windows, null, 2)}\n`);
      return file;
    },
  };
}

/** The q-quantile of `times` in whole ms, by nearest rank (the p50 of two values is the smaller). */
export function quantile(times, q) {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]);
}

/** A sequential loop's numbers: req/s from the sum of the latencies (one request at a time), p50 and p99. */
export function sequentialSummary(times, failures) {
  return { rps: (1000 * times.length) / times.reduce((a, b) => a + b, 0), p50: quantile(times, 0.5), p99: quantile(times, 0.99), non2xx: failures, timeouts: 0 };
}

/** Times one fetch to the end of its body; resolves to whether it answered 2xx. */
export async function timedFetch(times, url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  times.push(performance.now() - started);
  return response.ok;
}

/** The Markdown table of the run, with one heading row per group; `ceiling` is the bare server's req/s. */
export function printTable(rows, ceiling) {
  console.log('| operation | req/s | p50 ms | p99 ms | non-2xx | timeouts | % of bare | CPU stolen |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    if (r.section) console.log(`| **${r.section}** | | | | | | | |`);
    else console.log(`| ${r.operation} | ${formatRps(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.timeouts} | ${((100 * r.rps) / ceiling).toFixed(2)} % | ${r.stolen ?? '—'} |`);
  }
}
