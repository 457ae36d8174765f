import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function webClientBuilt(): boolean {
  return existsSync(`${webDist}/index.html`);
}

/** Serves the built React client; unknown page paths get index.html (see createHttpApp's pageFallback). */
export async function serveWebClient(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: 'index.html' });
}

export function sendIndexHtml(_request: unknown, reply: FastifyReply) {
  return reply.type('text/html').sendFile('index.html', webDist);
}
