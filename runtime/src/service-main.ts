import { loadConfig } from './config';
import { createInfrastructure } from './infrastructure';
import { createServices, type ServiceOptions } from './services';

/**
 * Runs one half of the product on its own (the scaled setup of docker-compose.yml): the
 * command-service answers commands and login; the projection-service runs the projections and
 * serves queries and the socket gateway. Both need the shared DATABASE_URL.
 */
export async function runService(name: string, halves: Pick<ServiceOptions, 'commands' | 'queries'>): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error(`${name} braucht DATABASE_URL (die eingebettete Datenbank gehört einem einzigen Prozess).`);
  const infra = await createInfrastructure(config);
  const services = await createServices(infra, {
    jwtSecret: config.jwtSecret,
    pinKey: config.pinKey,
    ...halves,
    serveWeb: halves.queries,
    routingUrl: config.routingUrl,
    trustProxy: config.trustProxy,
    idempotencyPendingBoundMs: config.idempotencyPendingMs,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, tourPlanRecipients: config.tourPlanRecipients, orderMailCopy: config.orderMailCopy },
    deadlineWarnings: true,
  });
  await services.start();
  await services.app.listen({ port: config.port, host: config.host });
  const shutdown = async () => {
    await services.close();
    await infra.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

export function exitOnFailure(error: unknown): never {
  process.stderr.write(`Start fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
