import { defineConfig } from 'vitest/config';

const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    // CI adds a JSON report per run, which scripts/test-summary.mjs adds up.
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/vitest-${Date.now()}-${process.pid}.json` }]] : ['default'],
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/{src,test}/**/*.test.ts'],
          environment: 'node',
          // One prepared database (migrated, seeded) that every test file clones.
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Generous: several tests walk a whole workflow, and CI shares two cores with the database.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database; two workers match the CI machine's cores.
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
