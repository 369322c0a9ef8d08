// The processes bench:api starts: the product's server and the bare Fastify ceiling, each detached in its own
// process group so that stopping it stops whatever it started; the ports they listen on.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const children = new Set();

/** A port nobody listens on now, chosen by the operating system (BENCH_PORT picks the server's instead). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Throws when something already answers on the port: it would be measured instead of ours. */
export async function assertUnused(port) {
  const used = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (used) throw new Error(`port ${port} is in use: choose another BENCH_PORT (3400-3499) or leave it unset for a free one`);
}

export function startDetached(root, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops a child started detached (its whole process group) and waits for it. */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

export const stopAll = () => Promise.all([...children].map(stop));

/** Waits until `url` answers 200; fails when the child exits first. Returns the milliseconds it took. */
export async function waitFor(url, child) {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The ceiling: a bare Fastify (the one apps/api depends on) answering a small JSON at one route. */
export async function startBare(root, port) {
  const source = `
import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(path.join(root, 'apps/api/package.json'))});
const Fastify = require('fastify');
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });
`;
  const child = startDetached(root, process.execPath, ['--input-type=module', '-e', source], process.env);
  await waitFor(`http://127.0.0.1:${port}/hello`, child);
  return child;
}

/** The built server (apps/api/dist/server.js) with `nodeArgs` (e.g. --cpu-prof); resolves once /api/health answers. */
export async function startServer(root, { port, env, nodeArgs }) {
  const child = startDetached(root, process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/server.js')], env);
  const readyMs = await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return { child, readyMs };
}
