import { messages } from '@dispo/domain/messages';
import { loadConfig } from './config';
import { loadDemoCatalog } from './demo-catalog';
import { createInfrastructure } from './infrastructure';
import { seedDemoData } from './seed';
import { createServices } from './services';

/** How long the first start waits for the read side to take in the demo business before it answers. */
const PROJECTIONS_CATCH_UP_MS = 120_000;

/** `npm start`: the whole product in one process — API, projections, socket gateway and web client. */
async function main(): Promise<void> {
  const config = loadConfig();
  // A broken catalogue stops the start before anything is written, naming the bad entry.
  const catalog = loadDemoCatalog();
  const infra = await createInfrastructure(config);
  const services = await createServices(infra, {
    jwtSecret: config.jwtSecret,
    pinKey: config.pinKey,
    commands: true,
    queries: true,
    serveWeb: true,
    routingUrl: config.routingUrl,
    trustProxy: config.trustProxy,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, tourPlanRecipients: config.tourPlanRecipients, orderMailCopy: config.orderMailCopy },
    deadlineWarnings: true,
  });
  // The projections follow while the seed writes; the product answers once they have caught up.
  await services.start();
  if (config.seedDemo) {
    const started = performance.now();
    const progress = seedProgress(process.stdout);
    const { created, history } = await seedDemoData(infra, catalog, { pinKey: config.pinKey, history: { onProgress: progress } });
    if (created > 0) services.app.log.info({ created }, 'Demodaten angelegt');
    if (history?.seeded) {
      // Bounded: a failing projection shows in the health answer, it must not keep the product from starting.
      const deadline = Date.now() + PROJECTIONS_CATCH_UP_MS;
      while (Date.now() < deadline && (await services.runner.lag()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const seconds = ((performance.now() - started) / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 });
      process.stdout.write(`${messages.demoSeed.written(history.orders, history.tours, history.days, seconds)}\n`);
    }
  }
  await services.app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Dispo läuft: ${url}`,
    `Datenbank: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`} · Bus: ${infra.bus.kind === 'nats' ? 'NATS' : 'im Prozess'}`,
    '',
    // Without the demo seed there are no demo users: their passwords are not printed.
    ...(config.seedDemo
      ? ['Demo-Anmeldungen (Benutzername / Passwort – Rollen):', ...catalog.users.map((u) => `  ${u.username.padEnd(12)} / ${u.password} – ${u.roles.join(', ')}`), '']
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  const shutdown = async () => {
    await services.close();
    await infra.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** Days done / total while the demo business is written: one line rewritten on a terminal, every tenth day elsewhere. */
function seedProgress(out: NodeJS.WriteStream): (done: number, total: number) => void {
  return (done, total) => {
    const line = messages.demoSeed.progress(done, total);
    if (out.isTTY) out.write(`\r${line}${done === total ? '\n' : ''}`);
    else if (done % 10 === 0 || done === total) out.write(`${line}\n`);
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`Start fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
