// Part of the "first-screen" group (issue 29, item 18): the time to data of a deep link or a reload. Signed in as
// the group's browser signed in (the tokens and the stored profile in localStorage), Chromium opens a project's
// scoping page (the EU AI Act classification) and a control's detail page by their URLs, BENCH_DEEP_LINK_RUNS times
// each, in two ways:
//   cold  a new browser context with the same storage: nothing in the HTTP cache (a link followed from an email)
//   warm  the same context again and again: the hashed assets come from the HTTP cache (a reload)
// and reports, from the navigation's start (the page's performance.now()): when the screen's main data shows
// (the classification's heading; the control's title) and when no spinning progress bar is left on the page, median and
// p90, with the requests the page made until its main data showed (all, and those to /api/).
// BENCH_DEEP_LINK_LATENCY (ms, default none) adds that latency to every request of the page (Chromium's network
// emulation), as a browser far from the server sees it: there each request the page waits for before the next costs
// a round trip, where on this machine the CPU the page and the server share costs most.
/* global document -- the functions given to waitForFunction run in the page */
import { quantile } from '../measure.mjs';

const RUNS = Number(process.env.BENCH_DEEP_LINK_RUNS ?? 7);
const LATENCY = Number(process.env.BENCH_DEEP_LINK_LATENCY ?? 0);
const TIMEOUT = 60_000;

async function newPage(context) {
  const page = await context.newPage();
  if (LATENCY) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY, downloadThroughput: -1, uploadThroughput: -1 });
  }
  return page;
}

/** Resolves to the page's performance.now() at the first frame where `selector` is in the page. */
const shownAt = (page, selector) =>
  page.waitForFunction((css) => document.querySelector(css) && performance.now(), selector, { polling: 'raf', timeout: TIMEOUT }).then((handle) => handle.jsonValue());

/** …and where no progress bar that spins is left (the screen's other parts have their data too; a bar with a value is content). */
const settledAt = (page, selector) =>
  page
    .waitForFunction((css) => document.querySelector(css) && !document.querySelector('[role="progressbar"]:not([aria-valuenow])') && performance.now(), selector, { polling: 'raf', timeout: TIMEOUT })
    .then((handle) => handle.jsonValue());

/** One visit: the URL opened in `page`, its times and the requests made until the main data showed. */
async function visit(page, url, selector) {
  const requests = [];
  const onRequest = (request) => requests.push(new URL(request.url()).pathname);
  page.on('request', onRequest);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const data = await shownAt(page, selector);
    const counted = requests.length;
    const api = requests.filter((p) => p.startsWith('/api/')).length;
    const settled = await settledAt(page, selector);
    return { data, settled, requests: counted, api, apiPaths: requests.slice(0, counted).filter((p) => p.startsWith('/api/')) };
  } finally {
    page.off('request', onRequest);
  }
}

const ms = (value) => String(Math.round(value));
const summary = (runs, key) => `median ${ms(quantile(runs.map((r) => r[key]), 0.5))} ms, p90 ${ms(quantile(runs.map((r) => r[key]), 0.9))} ms`;

/**
 * Measures the deep links in `browser`, signed in with `storageState` (a context's storage after signing in), against
 * `publicUrl`; `screens` are `{ name, path, selector }`. Notes one line per screen and way on the recorder.
 */
export async function measureDeepLinks(recorder, { browser, storageState, publicUrl, screens }) {
  for (const screen of screens) {
    const url = `${publicUrl}${screen.path}`;
    const cold = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ storageState });
      try {
        cold.push(await visit(await newPage(context), url, screen.selector));
      } finally {
        await context.close();
      }
    }
    const warm = [];
    const context = await browser.newContext({ storageState });
    try {
      const page = await newPage(context);
      await visit(page, url, screen.selector); // fills the HTTP cache
      for (let run = 0; run < RUNS; run++) warm.push(await visit(page, url, screen.selector));
    } finally {
      await context.close();
    }
    for (const [way, runs] of [
      ['cold', cold],
      ['warm', warm],
    ]) {
      const requests = runs.map((r) => r.requests).sort((a, b) => a - b);
      const api = runs.map((r) => r.api).sort((a, b) => a - b);
      recorder.note(
        `first screen, deep link to ${screen.name} (${way}, ${RUNS} runs${LATENCY ? `, ${LATENCY} ms latency` : ''}): data ${summary(runs, 'data')}; no progress bar left ${summary(runs, 'settled')}; ` +
          `requests until the data: ${requests[Math.floor(requests.length / 2)]} (${api[Math.floor(api.length / 2)]} to /api/)`,
      );
    }
    console.log(`    ${screen.name}, API calls until the data (last cold run): ${cold.at(-1).apiPaths.join(', ')}`);
  }
}
