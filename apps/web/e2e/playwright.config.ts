import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Every run starts the server on an empty data directory (fresh database, demo seed, new keys).
 * Playwright loads this file in its runner and again in each worker; the environment variable makes
 * them agree on one directory, and only the process that created it removes it.
 */
function freshDataDir(): string {
  const existing = process.env.AEGIS_E2E_DATA_DIR;
  if (existing) return existing;
  const created = mkdtempSync(path.join(tmpdir(), 'aegis-e2e-'));
  process.env.AEGIS_E2E_DATA_DIR = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
  return created;
}

export default defineConfig({
  testDir: '.',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  // CI adds a JSON report that scripts/test-summary.mjs adds up with the Vitest ones.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: path.join(process.env.TEST_REPORT_DIR, 'playwright.json') }]]
    : 'list',
  forbidOnly: Boolean(process.env.CI),
  // Journeys are few and long, and CI has two cores: budgets that hold on a busy machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      // Debian's Chromium: `npx playwright install` cannot download browsers here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: REPO_ROOT,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: freshDataDir(),
      LOG_LEVEL: 'warn',
      // The journeys set up server-side data (announcements) with tokens minted for seeded users.
      AUTH_DUMMY_ENABLED: 'true',
      // Every answer is checked against its documented schema, as in the API tests (plugins/serializer.ts).
      RESPONSE_VALIDATION: 'true',
    },
  },
});
