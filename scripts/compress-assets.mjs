// Writes `<file>.br` and `<file>.gz` beside every compressible file of a built web app, so the server
// sends them as they are (chosen by Accept-Encoding) instead of compressing on every request.
// Maximum compression is affordable here: it runs once per build, on zlib's thread pool.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than the headers it adds. */
const MIN_BYTES = 1024;
/** A copy that is not at least this much smaller is not worth a second file. */
const MAX_RATIO = 0.9;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compressFile(file) {
  const original = await fs.readFile(file);
  if (original.length < MIN_BYTES) return { original: original.length, br: 0, gz: 0 };
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { original: original.length, br: 0, gz: 0 };
  if (br.length < original.length * MAX_RATIO) {
    await fs.writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < original.length * MAX_RATIO) {
    await fs.writeFile(`${file}.gz`, gz);
    written.gz = gz.length;
  }
  return written;
}

/** Compresses every eligible file under `dir`; answers how many files got copies and the byte totals. */
export async function compressAssets(dir) {
  const pending = [];
  for await (const file of files(dir)) pending.push(compressFile(file));
  const results = await Promise.all(pending);
  const compressed = results.filter((r) => r.br > 0 || r.gz > 0);
  return {
    files: compressed.length,
    original: compressed.reduce((sum, r) => sum + r.original, 0),
    br: compressed.reduce((sum, r) => sum + r.br, 0),
    gz: compressed.reduce((sum, r) => sum + r.gz, 0),
  };
}
