import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function webClientBuilt(): boolean {
  return existsSync(`${webDist}/index.html`);
}

/** Vite names every file under assets/ by its content hash: a changed file gets a new name. */
const HASHED_ASSET = `${sep}assets${sep}`;

/**
 * Serves the built React client; unknown page paths get index.html (see createHttpApp's pageFallback).
 * Hashed assets may be kept for a year without asking again; index.html is revalidated on every load,
 * so a new release is picked up at once.
 */
export async function serveWebClient(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: 'index.html',
    setHeaders: (reply: FastifyReply, path: string) => {
      reply.header('cache-control', path.includes(HASHED_ASSET) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export function sendIndexHtml(_request: unknown, reply: FastifyReply) {
  return reply.type('text/html').sendFile('index.html', webDist);
}

/**
 * CSP sources ('sha256-…') of the inline scripts in the built index.html (the pages' early start,
 * see web/vite.config.ts), so that the policy allows exactly these and no other inline script.
 */
export function inlineScriptHashes(): string[] {
  const html = readFileSync(`${webDist}/index.html`, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `sha256-${createHash('sha256').update(code ?? '', 'utf8').digest('base64')}`,
  );
}
