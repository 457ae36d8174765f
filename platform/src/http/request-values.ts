import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The largest magnitude of a number in a request. No amount, weight or count of this business comes
 * near it, and below it cent and kilogram arithmetic stays finite (1e308 × 100 is Infinity).
 */
export const MAX_REQUEST_NUMBER = 1e15;

/** How deep a request value may nest before it is refused instead of walked. */
const MAX_DEPTH = 32;

/**
 * A value no route can store or compute with: a string with NUL (PostgreSQL text and jsonb refuse it)
 * or a lone UTF-16 surrogate (not encodable as UTF-8: jsonb refuses its escape), a number beyond
 * MAX_REQUEST_NUMBER, or nesting deeper than any form. Answers the path of the first such value
 * ([] for the value itself), or null when all is storable.
 */
export function unstorablePath(value: unknown, path: readonly string[] = []): string[] | null {
  if (typeof value === 'string') return storableText(value) ? null : [...path];
  if (typeof value === 'number') return Math.abs(value) <= MAX_REQUEST_NUMBER ? null : [...path];
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return [...path];
  for (const [key, item] of Object.entries(value)) {
    if (!storableText(key)) return [...path, key];
    const bad = unstorablePath(item, [...path, key]);
    if (bad) return bad;
  }
  return null;
}

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * fastify-type-provider-zod's validator with the storability check in front, for every part of a
 * request (body, query string, path parameters, headers): such a value is answered like any invalid
 * field (400, naming the field), never as a database error.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const bad = unstorablePath(data);
    if (bad === null) return validate(data);
    const path = bad.length > 0 ? bad : ['body'];
    return {
      error: [
        {
          // The marker that tells installErrorHandling this is a request validation failure.
          [Symbol.for('ZodFastifySchemaValidationError')]: true,
          keyword: 'custom',
          instancePath: `/${path.join('/')}`,
          schemaPath: '#/unstorable',
          message: 'unstorable value',
          params: {},
        },
      ] as never,
    };
  };
};
