import { DomainError, type DomainErrorKind } from '@dispo/domain/decider';
import { messages } from '@dispo/domain/messages';
import { IdempotentWriteExistsError, InvalidEventError, WrongExpectedVersionError } from '@dispo/events/store/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { COMMITTED_STATUS, committedAnswer } from './idempotent-replay';
import { ZodError } from 'zod';

/** An error whose status and German message may be shown to the client as they are. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const domainStatus: Record<DomainErrorKind, number> = { validation: 400, not_found: 404, conflict: 409, forbidden: 403 };

/** One failed check as fastify-type-provider-zod reports it (Ajv-like shape). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { keys?: string[] };
}

/**
 * Maps a failed request validation to one German message: a missing required field gets the
 * spec's "Pflichtfelder" text, an unknown key names the key, anything else names the field.
 */
export function validationMessage(issues: readonly ValidationIssue[]): string {
  const missing = issues.find((i) => i.keyword === 'invalid_type' && /received undefined/.test(i.message ?? ''));
  if (missing) return messages.validation.requiredFields;
  const unknownKey = issues.find((i) => i.keyword === 'unrecognized_keys');
  if (unknownKey) return messages.http.unknownField(unknownKey.params?.keys?.join(', ') ?? '');
  const field = issues[0]?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field ? messages.http.invalidField(field) : messages.http.badRequest;
}

/** The top-level fields the failed checks name, so a form can show the message under its field. */
export function validationFields(issues: readonly ValidationIssue[]): string[] {
  const names = issues.map((i) => i.instancePath.split('/')[1] ?? '').filter((name) => name !== '');
  return [...new Set(names)];
}

const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300']);

/**
 * The database cannot be reached (refused, reset, shutting down, too many connections, pool timeout):
 * a temporary state the client may retry, so 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
  if (error.cause && error.cause !== error && isDatabaseUnavailable(error.cause)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message);
}

/** Every error answer is `{ success: false, error, details? }` in German; never a stack trace. */
export function installErrorHandling(app: FastifyInstance, pageFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const send = (status: number, message: string, details?: unknown) =>
      reply.code(status).send({ success: false, error: message, ...(details === undefined ? {} : { details }) });

    if (error instanceof HttpError) return send(error.statusCode, error.message, error.details);
    if (error instanceof DomainError) return send(domainStatus[error.kind], error.message, error.details);
    if (error instanceof WrongExpectedVersionError) return send(409, messages.http.conflict);
    // An earlier attempt of this keyed request committed its write (ADR 0021): that is the answer.
    if (error instanceof IdempotentWriteExistsError) return reply.code(COMMITTED_STATUS).header('idempotent-replay', 'true').send(committedAnswer());
    // A value the route let through but the event's schema refuses is still the request's fault:
    // nothing was appended. Logged, since the route's own check should have named the field.
    if (error instanceof InvalidEventError) {
      request.log.warn({ err: error }, 'event refused by its schema');
      return send(400, messages.http.badRequest);
    }
    // A schema check inside a handler (not the route's own) refused a value: still no 500, since
    // nothing was written, but logged as an error, as the route's check should have caught it.
    if (error instanceof ZodError) {
      request.log.error({ err: error }, 'value refused by a schema inside the handler');
      return send(422, messages.http.unprocessable);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as ValidationIssue[];
      // Only a body's fields are fields of a form.
      const fields = (error as FastifyError).validationContext === 'body' ? validationFields(issues) : [];
      return send(400, validationMessage(issues), fields.length > 0 ? { fields } : undefined);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(500, messages.http.internalError);
    }
    const fe = error as FastifyError;
    switch (fe.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(413, messages.http.payloadTooLarge);
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(400, messages.http.invalidJson);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(415, messages.http.unsupportedMediaType);
    }
    if (fe.statusCode === 429) return send(429, messages.http.tooManyRequests);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ error: error.message }, 'database unavailable');
      return send(503, messages.http.serviceUnavailable);
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return send(fe.statusCode, messages.http.badRequest);
    request.log.error({ err: error }, 'unhandled error');
    return send(500, messages.http.internalError);
  });
  app.setNotFoundHandler((request, reply) => {
    // Paths outside /api belong to the single-page client, which routes them itself.
    if (pageFallback && request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/socket.io/')) {
      return pageFallback(request, reply);
    }
    return reply.code(404).send({ success: false, error: messages.http.notFound });
  });
}
