import fastifyHelmet from '@fastify/helmet';
import fastifyJwt from '@fastify/jwt';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loggerOptions } from '../logging';
import { installErrorHandling } from './errors';
import { documentTransform } from './openapi-document';
import { requestValidatorCompiler } from './request-values';
import { installTransportSecurity, securityHeaderOptions } from './security-headers';

export type App = FastifyInstance;

export interface HttpAppOptions {
  jwtSecret: string;
  /** false silences request logs (tests, benchmarks). */
  logger?: boolean;
  /** pino level; default LOG_LEVEL or info. */
  logLevel?: string;
  /** Where log lines go instead of stdout (tests read them to prove that no secret is logged). */
  logStream?: { write(line: string): void };
  /** Token lifetime, e.g. '12h'. */
  tokenExpiresIn?: string;
  /** Answers GET requests outside /api that match no route (the web client's index.html). */
  pageFallback?: Parameters<typeof installErrorHandling>[1];
  /**
   * Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY): false (default) believes none, so a
   * client cannot choose its own address; true all; a number that many hops; a string a comma list of
   * addresses or CIDR ranges.
   */
  trustProxy?: boolean | number | string;
  /** sha256 sources ('sha256-…') of the inline scripts the served index.html may run. */
  inlineScriptHashes?: readonly string[];
}

/** A Fastify app with zod validation, JWT, German error answers and the OpenAPI document at /api/docs. */
export async function createHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(options.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // Commands and queries are small; long-running work goes through workers, not open requests.
    requestTimeout: 30_000,
    trustProxy: trustProxyOption(options.trustProxy ?? false),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app, options.pageFallback);
  await app.register(fastifyHelmet, securityHeaderOptions(options.inlineScriptHashes ?? []));
  installTransportSecurity(app);
  // Verified tokens are remembered (hashed, until they expire): every request checks one, and few users send many.
  await app.register(fastifyJwt, {
    secret: options.jwtSecret,
    sign: { expiresIn: options.tokenExpiresIn ?? '12h' },
    verify: { cache: 1000 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Dispo API', description: 'Auftragsannahme, Fuhrpark und Disposition', version: '0.1.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: documentTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  return app;
}

/** A hop count as the function Fastify's types ask for (the first `hops` proxies are believed). */
function trustProxyOption(setting: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
