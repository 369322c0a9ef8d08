import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from './factories';
import { deepTemplates } from './deep-templates';

/**
 * Issue 17: a freshly started server once aborted (an uncatchable V8 out-of-memory, not an exception)
 * when its first template upload nested about a thousand levels deep. Here the real server runs in a
 * child process on a fresh data directory, receives each hostile shape as its first upload, and must
 * answer 422 with the line, keep answering /api/health, and still be alive.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let child: ChildProcess;
let base: string;
let dataDir: string;
let output = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The embedded database, whatever the environment running the tests points at. */
function withoutDatabaseUrl() {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return env;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'aegis-hostile-'));
  child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...withoutDatabaseUrl(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_DUMMY_ENABLED: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a hostile template as the first upload of a fresh server', () => {
  it('is refused with the line while the server keeps answering', async () => {
    const { access_token: token } = (await (await fetch(`${base}/api/auth/dummy?x=admin@demo.local`)).json()) as { access_token: string };
    const me = (await (await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { organization: { id: string } };
    for (const [shape, { content, filename, contentType, line }] of Object.entries(deepTemplates)) {
      const { payload, headers } = multipartFile(content, { filename, contentType });
      const response = await fetch(`${base}/api/organizations/${me.organization.id}/templates`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: new Uint8Array(payload),
      });
      expect(response.status, `${shape}: ${output}`).toBe(422);
      const body = (await response.json()) as { detail: string; errors: { line?: number }[] };
      expect(body.detail, shape).toContain(`line ${line}`);
      expect(body.errors[0]?.line, shape).toBe(line);
      expect((await fetch(`${base}/api/health`)).status, shape).toBe(200);
    }
    expect(child.exitCode).toBeNull();
    expect(child.signalCode).toBeNull();
  }, 60_000);
});
