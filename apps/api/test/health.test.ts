import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HEALTH_COMPONENTS, type HealthReport } from '@aegis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/lib/storage/local-storage';
import type { FileStorage } from '../src/lib/storage';
import { build, type TestApp } from './helper';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-health-'));
const disk = localStorage(root);
/** The disk, except that its check fails while `down` is set, as when a bucket is unreachable. */
let down = false;
const storage: FileStorage = { ...disk, check: (signal) => (down ? Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:9000')) : disk.check(signal)) };

/** A port nothing listens on: an external provider that is down. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await build({}, { storage, jobs: { workers: true } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const health = async (app: TestApp) => {
  const response = await app.app.inject({ method: 'GET', url: '/api/health' });
  return { statusCode: response.statusCode, headers: response.headers, body: response.json() as HealthReport };
};

describe('GET /api/health', () => {
  it('reports every component, the version and ok overall', async () => {
    const { statusCode, headers, body } = await health(t);
    expect(statusCode).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({ status: 'ok', database: 'ok', version: 'v1.2.6' });
    expect(Object.keys(body.components)).toEqual([...HEALTH_COMPONENTS]);
    for (const name of HEALTH_COMPONENTS) expect(body.components[name].status, name).toBe('ok');
    expect(body.components.database.detail).toMatch(/PostgreSQL/);
    expect(body.components.file_storage.detail).toBe('The local file folder accepts files');
    expect(body.components.identity_provider.detail).toBe('The embedded identity provider answers');
    expect(body.components.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(body.components.background_jobs.detail).toMatch(/Report rendering: 0 in progress, 0 waiting/);
    // Each background job's queue (src/jobs); file removal runs once at start-up.
    const queues = body.components.background_jobs.queues;
    const features = ['evidence_expiry', 'testing_schedule', 'evidence_text_extraction', 'evidence_text_sweep'];
    expect(queues.map((queue) => queue.name)).toEqual(t.database.kind === 'pglite' ? ['file_removal', 'statistics', ...features] : ['file_removal', ...features]);
    expect(queues[0]).toMatchObject({ label: 'Removal of deleted projects’ files', schedule: '*/5 * * * *', retrying: 0, failed: 0 });
    await expect
      .poll(async () => (await health(t)).body.components.background_jobs.detail, { timeout: 10_000 })
      .toMatch(/Removal of deleted projects’ files: last ran just now/);
  });

  it('stays up but degraded when file storage fails, naming the part and not the error', async () => {
    down = true;
    try {
      // The storage probe is reused for a few seconds; a fresh app sees the failure at once.
      const fresh = await build({}, { storage });
      try {
        const { statusCode, body } = await health(fresh);
        expect(statusCode).toBe(200);
        expect(body.status).toBe('degraded');
        expect(body.components.file_storage).toMatchObject({ status: 'unavailable', detail: 'The local file folder cannot be reached or written' });
        expect(body.components.database.status).toBe('ok');
        expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');
      } finally {
        await fresh.close();
      }
    } finally {
      down = false;
    }
  });

  it('is degraded when an external identity provider does not answer', async () => {
    const port = await closedPort();
    const external = await build({ OIDC_ISSUER: `http://127.0.0.1:${port}/realms/aegis`, OIDC_CLIENT_ID: 'aegis', OIDC_CLIENT_SECRET: 'secret' }, { storage });
    try {
      const { statusCode, body } = await health(external);
      expect(statusCode).toBe(200);
      expect(body.status).toBe('degraded');
      expect(body.components.identity_provider).toMatchObject({
        status: 'unavailable',
        detail: `The identity provider at 127.0.0.1:${port} does not answer: signing in is not possible`,
      });
      expect(body.components.file_storage.status).toBe('ok');
    } finally {
      await external.close();
    }
  });
});
