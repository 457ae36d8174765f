import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';

/** One year, the value HSTS preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of every answer. Scripts come only from the origin, plus the inline
 * scripts of index.html named by their hash (the early data calls, see web/vite.config.ts); nothing
 * may frame the product. Styles may be inline: ag-grid's theme and the charts write style elements
 * and attributes at run time, and a style cannot run code.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[]): FastifyHelmetOptions['contentSecurityPolicy'] {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // 'self' covers the socket (ws/wss to the same host).
      connectSrc: ["'self'"],
      // PDFs (order documents, tour plans) open from blob: URLs.
      frameSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * Strict-Transport-Security on answers that went over TLS (directly, or through a trusted proxy that
 * says so in X-Forwarded-Proto, see TRUST_PROXY): a browser takes it only from HTTPS anyway.
 */
export function installTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * The headers of every answer (helmet's options): the app registers @fastify/helmet with them, and
 * answers made outside Fastify get them through `securityHeadersOnRawAnswers`.
 */
export function securityHeaderOptions(inlineScriptHashes: readonly string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(inlineScriptHashes),
    referrerPolicy: { policy: 'same-origin' },
    // For browsers without CSP frame-ancestors.
    frameguard: { action: 'deny' },
    // Sent only on TLS connections (installTransportSecurity): over plain HTTP it means nothing.
    strictTransportSecurity: false,
    // The Disposition opens PDFs (tour plans, order documents) from blob: URLs in new tabs.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Sets the headers of `securityHeaderOptions` on an answer Fastify does not make (engine.io answers
 * socket.io's handshake and polling on the raw server), before that answer is written.
 */
export function rawSecurityHeaders(inlineScriptHashes: readonly string[]): (request: IncomingMessage, response: ServerResponse) => void {
  // The same helmet @fastify/helmet runs; its types come from helmet's CommonJS build, hence the cast.
  const apply = helmet(securityHeaderOptions(inlineScriptHashes) as HelmetOptions);
  return (request, response) =>
    apply(request, response, (error?: unknown) => {
      if (error) throw error;
    });
}
