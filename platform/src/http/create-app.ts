import fastifyJwt from '@fastify/jwt';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loggerOptions } from '../logging';
import { installErrorHandling } from './errors';

export type App = FastifyInstance;

export interface HttpAppOptions {
  jwtSecret: string;
  /** false silences request logs (tests, benchmarks). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove that no secret is logged). */
  logStream?: { write(line: string): void };
  /** Token lifetime, e.g. '12h'. */
  tokenExpiresIn?: string;
  /** Answers GET requests outside /api that match no route (the web client's index.html). */
  pageFallback?: Parameters<typeof installErrorHandling>[1];
}

/** A Fastify app with zod validation, JWT, German error answers and the OpenAPI document at /api/docs. */
export async function createHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // Commands and queries are small; long-running work goes through workers, not open requests.
    requestTimeout: 30_000,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app, options.pageFallback);
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
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  return app;
}
