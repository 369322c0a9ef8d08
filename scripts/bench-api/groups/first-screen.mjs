// Group "first-screen" (was `npm run bench:first-screen`): what a new visitor's browser fetches for the sign-in
// screen and, after signing in as admin@demo.local through the embedded provider, for the dashboard, with an
// empty cache. Chromium (Debian's, /usr/bin/chromium) counts the bytes that cross the wire (headers and encoded
// bodies, from the DevTools protocol) against the 250 KB budget; then the same requests are measured like every
// other operation: the page, the sign-in screen's assets round robin, and the dashboard's API calls round robin.
// BENCH_ACCEPT_ENCODING replaces the browser's Accept-Encoding (`identity` shows the uncompressed sizes).
// Signed in, the same browser then times deep links (first-screen-deep-link.mjs): the demo project's scoping page
// and one of its controls, opened by URL with the session in storage.
import fs from 'node:fs';
import { measureDeepLinks } from './first-screen-deep-link.mjs';

const CHROMIUM = '/usr/bin/chromium';
const BUDGET = 250 * 1024;
const label = {
  page: 'GET /login (the page)',
  assets: "GET the sign-in screen's assets (round robin)",
  api: "GET the dashboard's API calls (round robin, admin)",
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every finished response of the page: its URL, method, type, body encoding and the bytes that crossed the wire. */
async function recordTransfers(page, acceptEncoding) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  const methods = new Map();
  const responses = new Map();
  const finished = [];
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => methods.set(requestId, request.method));
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    responses.set(requestId, { url: response.url, method: methods.get(requestId) ?? 'GET', type, encoding: headers['content-encoding'] ?? 'none', status: response.status });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (response) finished.push({ ...response, bytes: encodedDataLength });
  });
  // The responses finished since the last call.
  return { take: () => finished.splice(0) };
}

function report(recorder, name, transfers) {
  const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
  const byType = new Map();
  for (const t of transfers) byType.set(t.type, (byType.get(t.type) ?? 0) + t.bytes);
  const encodings = [...new Set(transfers.filter((t) => t.type === 'Script').map((t) => t.encoding))].join(', ') || 'no scripts';
  const largest = [...transfers].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
  recorder.note(`first screen, ${name}: ${kb(total)} in ${transfers.length} responses (scripts encoded: ${encodings})`);
  console.log(`    ${[...byType].sort((a, b) => b[1] - a[1]).map(([type, bytes]) => `${type} ${kb(bytes)}`).join(', ')}`);
  console.log(`    largest: ${largest.map((t) => `${new URL(t.url).pathname} ${kb(t.bytes)}`).join(', ')}`);
  return total;
}

/** Signs in through the browser and returns what the two screens fetched. */
async function browse(recorder, { publicUrl, acceptEncoding, deepLinks }) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  try {
    const page = await browser.newPage();
    const transfers = await recordTransfers(page, acceptEncoding);
    const settle = () => page.waitForTimeout(1500);

    await page.goto(`${publicUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await settle();
    const signIn = transfers.take();
    const signInBytes = report(recorder, 'sign-in screen (/login)', signIn);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill('admin@demo.local');
    await page.getByLabel('Password').fill('demo');
    // The embedded provider's own form: not the product's screen, and an external provider replaces it.
    const providerBytes = report(recorder, 'embedded provider sign-in form (/idp, not counted below)', transfers.take());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Hello, Alice Admin!').waitFor();
    await settle();
    // The notification stream stays open and is not counted: it never finishes loading.
    const dashboard = transfers.take();
    const dashboardBytes = report(recorder, 'signed-in dashboard (/), after the provider redirects back', dashboard);

    const total = signInBytes + dashboardBytes;
    recorder.note(`first screen, sign-in and dashboard: ${kb(total)} (budget ${kb(BUDGET)}: ${total <= BUDGET ? 'within' : 'OVER'}); with the embedded provider's form ${kb(total + providerBytes)}`);
    await measureDeepLinks(recorder, { browser, storageState: await page.context().storageState(), publicUrl, screens: deepLinks });
    return { signIn, dashboard };
  } finally {
    await browser.close();
  }
}

export const firstScreen = {
  name: 'first-screen',
  title: () => "the sign-in screen and the admin's dashboard, as a new visitor's browser fetches them",
  labels: () => Object.values(label),
  async run(ctx) {
    const { client, recorder, options, tokens } = ctx;
    if (!fs.existsSync(CHROMIUM)) {
      recorder.note(`first-screen: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
      return;
    }
    const project = `/projects/project-detail/${ctx.demoProject}`;
    const [control] = (await client.call(tokens.admin, 'GET', `/api/projects/${ctx.demoProject}/controls?size=1`)).items;
    const deepLinks = [
      { name: "the demo project's scoping (classification)", path: `${project}/scoping`, selector: '#classification-title' },
      { name: `control ${control.control_code}'s detail`, path: `${project}/control-detail/${encodeURIComponent(control.control_code)}`, selector: '#control-title' },
    ];
    const { signIn, dashboard } = await browse(recorder, { publicUrl: ctx.publicUrl, acceptEncoding: options.acceptEncoding, deepLinks });
    const encoding = { 'accept-encoding': options.acceptEncoding ?? 'gzip, deflate, br' };
    const ours = (t) => new URL(t.url).origin === new URL(ctx.publicUrl).origin && t.method === 'GET' && t.status < 300;
    const pathOf = (t) => {
      const url = new URL(t.url);
      return url.pathname + url.search;
    };
    const assets = [...new Set(signIn.filter((t) => ours(t) && new URL(t.url).pathname !== '/login').map(pathOf))];
    const calls = [...new Set(dashboard.filter((t) => ours(t) && (t.type === 'XHR' || t.type === 'Fetch') && pathOf(t).startsWith('/api/') && !pathOf(t).startsWith('/api/auth/')).map(pathOf))];
    recorder.note(`first screen: ${assets.length} assets on the sign-in screen, ${calls.length} API calls on the dashboard (${calls.join(', ')})`);

    const roundRobin = (paths, headers) => recorder.cannon({ url: client.base, requests: paths.map((p) => ({ method: 'GET', path: p, headers })) });
    await recorder.measure(label.page, () => recorder.cannon({ url: `${client.base}/login`, headers: encoding }));
    if (assets.length) await recorder.measure(label.assets, () => roundRobin(assets, encoding));
    if (calls.length) await recorder.measure(label.api, () => roundRobin(calls, { ...encoding, authorization: `Bearer ${tokens.admin}` }));
  },
};
