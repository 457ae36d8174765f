import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
