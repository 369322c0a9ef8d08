import v8 from 'node:v8';

/**
 * Imported first by server.ts. V8's default young generation (16 MB semi-spaces) kept about 50 MB of an
 * idle instance resident; 4 MB semi-spaces cost little on this API's short-lived request objects
 * (docs/benchmarks.md, "Idle memory"). An explicit --max-semi-space-size on the command line wins.
 */
if (!process.execArgv.some((arg) => arg.startsWith('--max-semi-space-size'))) {
  v8.setFlagsFromString('--max-semi-space-size=4');
}
