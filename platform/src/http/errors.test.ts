import { messages } from '@dispo/domain/messages';
import { InvalidEventError } from '@dispo/events/store/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp } from './create-app';

describe('a schema check behind a route answers in German, never 500, and is logged', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof createHttpApp>>;

  beforeAll(async () => {
    app = await createHttpApp({ jwtSecret: 'x'.repeat(40), logLevel: 'warn', logStream: { write: (line) => void lines.push(line) } });
    // A handler that parses with a schema the route did not check against (the old tariff route).
    app.post('/inner-schema', async (request) => z.object({ n: z.number().max(10) }).parse(request.body));
    // An append whose event's schema refuses what the route let through.
    app.post('/event-schema', async () => {
      throw new InvalidEventError('TourRevenueCalculated', [{ path: ['revenue'] }]);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a ZodError inside a handler: 422 and an error log line', async () => {
    const res = await app.inject({ method: 'POST', url: '/inner-schema', payload: { n: 11 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, error: messages.http.unprocessable });
    expect(lines.some((line) => line.includes('"level":50') && line.includes('value refused by a schema inside the handler'))).toBe(true);
  });

  it('an event refused by its schema at append: 400 and a warning', async () => {
    const res = await app.inject({ method: 'POST', url: '/event-schema', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: messages.http.badRequest });
    expect(lines.some((line) => line.includes('event refused by its schema'))).toBe(true);
  });
});
