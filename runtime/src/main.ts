import { messages } from '@dispo/domain/messages';
import { loadConfig } from './config';
import { loadDemoCatalog } from './demo-catalog';
import { createInfrastructure } from './infrastructure';
import { createServices } from './services';
import { startWithDemoSeed } from './start-seeded';

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
    idempotencyPendingBoundMs: config.idempotencyPendingMs,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, tourPlanRecipients: config.tourPlanRecipients, orderMailCopy: config.orderMailCopy },
    deadlineWarnings: true,
  });
  if (config.seedDemo) {
    const started = performance.now();
    const { created, history } = await startWithDemoSeed(services, infra, catalog, { pinKey: config.pinKey, history: { onProgress: seedProgress(process.stdout) } });
    if (created > 0) services.app.log.info({ created }, 'Demodaten angelegt');
    if (history?.seeded) {
      const seconds = ((performance.now() - started) / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 });
      process.stdout.write(`${messages.demoSeed.written(history.orders, history.tours, history.days, seconds)}\n`);
    }
  } else {
    await services.start();
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
