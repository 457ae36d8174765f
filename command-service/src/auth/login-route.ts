import { messages } from '@dispo/domain/messages';
import { normalizeUsername, userDecider } from '@dispo/domain/user/index';
import { reservationKinds, streamIds } from '@dispo/events/catalog/index';
import type { EventStore } from '@dispo/events/store/port';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadAggregate } from '../command-handler';
import { reservationOwner } from '../reserve';
import { hashPassword, verifyPassword } from './passwords';

export interface LoginOptions {
  store: EventStore;
  /** Attempts per minute for one username from one address. */
  maxAttemptsPerMinute?: number;
  /**
   * Attempts per minute from one address whatever the usernames, so that trying one password on many
   * names is stopped too. High enough for an office behind one NAT address logging in at shift start.
   */
  maxAttemptsPerAddressPerMinute?: number;
}

const loginBody = z.strictObject({ username: requestText().min(1).max(64), password: requestText().min(1).max(256) });

const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
});

/** POST /api/auth/login: credentials from the event log (username reservation → user stream), answer a JWT. */
export const loginRoute: FastifyPluginAsyncZod<LoginOptions> = async (
  app,
  { store, maxAttemptsPerMinute = 10, maxAttemptsPerAddressPerMinute = 60 },
) => {
  // preHandler: the key needs the parsed body's username. The address is the socket's unless
  // TRUST_PROXY names the proxy in front (createHttpApp), so X-Forwarded-For cannot pick a fresh one.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  const perAddress = app.createRateLimit({ max: maxAttemptsPerAddressPerMinute, timeWindow: '1 minute', keyGenerator: (req) => req.ip });
  // Verifying against a real hash when the user is unknown keeps the answer time the same.
  const decoyHash = await hashPassword('decoy-password-for-unknown-users');

  app.post(
    '/api/auth/login',
    {
      config: {
        rateLimit: {
          max: maxAttemptsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (req) => `${req.ip}|${normalizeUsername(String((req.body as { username?: unknown } | undefined)?.username ?? ''))}`,
          errorResponseBuilder: () => new HttpError(429, messages.login.tooManyAttempts),
        },
      },
      preHandler: async (req) => {
        const limit = await perAddress(req);
        if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, messages.login.tooManyAttempts);
      },
      schema: {
        tags: ['Anmeldung'],
        security: [],
        body: loginBody,
        response: { 200: z.object({ token: z.string(), user: userSchema }) },
      },
    },
    async (req) => {
      const username = normalizeUsername(req.body.username);
      const userId = await reservationOwner(store, reservationKinds.username, username);
      const { state } = userId ? await loadAggregate(store, userDecider, streamIds.user(userId)) : { state: null };
      const user = state?.exists ? state.entity : null;
      const ok = await verifyPassword(user?.passwordHash ?? decoyHash, req.body.password);
      if (!user || !ok) throw new HttpError(401, messages.login.invalidCredentials);
      const claims = { sub: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName, roles: user.roles };
      const token = app.jwt.sign(claims);
      return {
        token,
        user: { id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName, roles: user.roles },
      };
    },
  );
};
