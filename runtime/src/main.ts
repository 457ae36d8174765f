import { loadConfig } from './config';
import { loadDemoCatalog } from './demo-catalog';
import { createInfrastructure } from './infrastructure';
import { seedDemoData } from './seed';
import { createServices } from './services';

/** `npm start`: the whole product in one process — API, projections, socket gateway and web client. */
async function main(): Promise<void> {
  const config = loadConfig();
  const infra = await createInfrastructure(config);
  const services = await createServices(infra, {
    jwtSecret: config.jwtSecret,
    pinKey: config.pinKey,
    commands: true,
    queries: true,
    serveWeb: true,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, tourPlanRecipients: config.tourPlanRecipients },
  });
  const catalog = loadDemoCatalog();
  if (config.seedDemo) {
    const { created } = await seedDemoData(infra, catalog, { pinKey: config.pinKey });
    if (created > 0) services.app.log.info({ created }, 'Demodaten angelegt');
  }
  await services.start();
  await services.app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Dispo läuft: ${url}`,
    `Datenbank: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`} · Bus: ${infra.bus.kind === 'nats' ? 'NATS' : 'im Prozess'}`,
    '',
    'Demo-Anmeldungen (Benutzername / Passwort – Rollen):',
    ...catalog.users.map((u) => `  ${u.username.padEnd(12)} / ${u.password} – ${u.roles.join(', ')}`),
    '',
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

main().catch((error: unknown) => {
  process.stderr.write(`Start fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
