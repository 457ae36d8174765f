import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
/**
 * Child process of the HTTP benchmark: the real runtime on a fresh database, listening on a free port
 * of 127.0.0.1, so that the load generator (autocannon, in the parent) does not share its event loop.
 * IPC with the parent: sends { url, version, database } when ready; answers 'mark' with a cost
 * snapshot, 'stop' with a cost snapshot and the number of orders, then exits.
 * Arguments: pglite|postgres [--profile=<file>] (a V8 CPU profile from 'mark' to 'stop')
 */
import { startBenchApp } from './runtime-app';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const app = await startBenchApp(kind);
await app.services.app.listen({ port: 0, host: '127.0.0.1' });
const address = app.services.app.server.address();
if (!address || typeof address !== 'object') throw new Error('no address');
process.send!({ url: `http://127.0.0.1:${address.port}`, version: app.version, database: app.database });

const profileFile = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
const inspector = profileFile ? new Session() : null;

process.on('message', async (message) => {
  if (message === 'mark') {
    if (inspector) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
      await inspector.post('Profiler.start');
    }
    process.send!({ snapshot: await app.snapshot() });
  }
  if (message !== 'stop') return;
  const snapshot = await app.snapshot();
  if (inspector && profileFile) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
    inspector.disconnect();
  }
  const { rows } = await app.infra.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM read.orders');
  await app.close();
  process.send!({ snapshot, orders: rows[0]?.n ?? 0 }, () => process.exit(0));
});
