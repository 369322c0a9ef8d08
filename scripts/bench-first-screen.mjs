// `npm run bench:first-screen`: the bytes a new visitor's browser transfers (headers and encoded bodies, as
// Chromium counts them) for the sign-in screen, then for the dashboard after signing in through the
// embedded provider, with an empty cache (the numbers in docs/benchmarks.md). Builds if needed, then starts
// the built server on an empty data directory. BENCH_PORT changes the port (default 3292);
// BENCH_ACCEPT_ENCODING replaces the browser's Accept-Encoding (`identity` shows the uncompressed sizes).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3292);
const base = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-first-screen-'));
const BUDGET = 250 * 1024;

execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function serverReady() {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every finished response of the page, with the bytes that crossed the wire and how its body was encoded. */
async function recordTransfers(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (process.env.BENCH_ACCEPT_ENCODING) {
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': process.env.BENCH_ACCEPT_ENCODING } });
  }
  const responses = new Map();
  const finished = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    responses.set(requestId, { url: response.url, type, encoding: headers['content-encoding'] ?? 'none', status: response.status });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (response) finished.push({ ...response, bytes: encodedDataLength });
  });
  return {
    /** The responses finished since the last call. */
    take: () => finished.splice(0),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function report(name, transfers) {
  const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
  const byType = new Map();
  for (const t of transfers) byType.set(t.type, (byType.get(t.type) ?? 0) + t.bytes);
  const scripts = transfers.filter((t) => t.type === 'Script');
  const encodings = [...new Set(scripts.map((t) => t.encoding))].join(', ') || 'no scripts';
  console.log(`${name}: ${kb(total)} in ${transfers.length} responses (scripts encoded: ${encodings})`);
  console.log(`  ${[...byType].sort((a, b) => b[1] - a[1]).map(([type, bytes]) => `${type} ${kb(bytes)}`).join(', ')}`);
  const largest = [...transfers].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
  console.log(`  largest: ${largest.map((t) => `${new URL(t.url).pathname} ${kb(t.bytes)}`).join(', ')}`);
  return total;
}

let browser;
try {
  await serverReady();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  const page = await browser.newPage();
  const transfers = await recordTransfers(page);
  const settle = () => page.waitForTimeout(1500);

  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await settle();
  const signIn = report('sign-in screen (/login)', transfers.take());

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill('admin@demo.local');
  await page.getByLabel('Password').fill('demo');
  // The embedded provider's own form: not the product's screen, and an external provider replaces it.
  const provider = report('embedded provider sign-in form (/idp, not counted below)', transfers.take());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Hello, Alice Admin!').waitFor();
  await settle();
  // The notification stream stays open and is not counted: it never finishes loading.
  const dashboard = report('signed-in dashboard (/), after the provider redirects back', transfers.take());

  const total = signIn + dashboard;
  console.log(`first screen, sign-in and dashboard: ${kb(total)} (budget ${kb(BUDGET)}: ${total <= BUDGET ? 'within' : 'OVER'})`);
  console.log(`with the embedded provider's form: ${kb(total + provider)}`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
