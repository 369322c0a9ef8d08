// Straight access to the server's database from the benchmark: PostgreSQL through BENCH_DATABASE_URL, or the
// embedded PGlite's data directory — which only one process may open, so only while the server is stopped.
import { createRequire } from 'node:module';
import path from 'node:path';

export async function openDatabase(root, { databaseUrl, dataDir }) {
  const requireFromApi = createRequire(path.join(root, 'apps/api/package.json'));
  if (databaseUrl) {
    const pg = requireFromApi('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: (text, params) => client.query(text, params), close: () => client.end() };
  }
  const { PGlite } = await import(requireFromApi.resolve('@electric-sql/pglite'));
  const db = new PGlite(path.join(dataDir, 'db'));
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}
