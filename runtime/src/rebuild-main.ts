import pino from 'pino';
import { ProjectionRunner } from '@dispo/projection-service/runner';
import { loadConfig } from './config';
import { createInfrastructure } from './infrastructure';
import { projections } from './services';

/**
 * `npm run projections:rebuild -- <name>`: empties one projection's tables and replays the whole log
 * into it. With the embedded database, stop `npm start` first (PGlite belongs to one process).
 */
async function main(): Promise<void> {
  const name = process.argv[2];
  const names = projections.map((p) => p.name);
  if (!name || !names.includes(name)) {
    process.stderr.write(`Aufruf: npm run projections:rebuild -- <${names.join('|')}>\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const infra = await createInfrastructure(config);
  const runner = new ProjectionRunner(infra.sql, infra.store, projections, infra.bus, pino({ level: 'warn' }));
  await runner.setup();
  const started = Date.now();
  const events = await runner.rebuild(name);
  process.stdout.write(`Projektion ${name} neu aufgebaut: ${events} Ereignisse in ${Date.now() - started} ms.\n`);
  await infra.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`Neuaufbau fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
