import type { LoggerOptions } from 'pino';

/** Paths that must never reach a log line: credentials, tokens, PINs (house rule 5). */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  // Plugins that log the request's headers inside their own objects (@fastify/multipart at trace).
  '*.headers.authorization',
  '*.headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.pin',
  '*.pin_code',
  '*.pinCode',
  'password',
  'passwordHash',
  'token',
  'pin',
  'pin_code',
  'pinCode',
];

export function loggerOptions(level: string = process.env.LOG_LEVEL ?? 'info'): LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[verborgen]' },
    serializers: {
      // Query strings may carry a socket token; log the path only.
      req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
    },
  };
}
