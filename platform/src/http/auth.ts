import { messages } from '@dispo/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { HttpError } from './errors';

export const roles = ['dispatcher', 'order_taker', 'billing', 'fleet_manager', 'auditor', 'admin'] as const;
export type Role = (typeof roles)[number];

/** What a token says about its holder. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.enum(roles)),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/** Roles that may read everything. Auditors read all and write nothing. */
export const readerRoles: readonly Role[] = roles;

/**
 * The claims of a token whose signature and expiry were checked, or null when they are not a holder's
 * (a claim missing, an unknown role, no role at all). HTTP and the socket gateway admit by this one check.
 */
export function holderOf(payload: unknown): TokenClaims | null {
  const claims = tokenClaimsSchema.safeParse(payload);
  return claims.success && claims.data.roles.length > 0 ? claims.data : null;
}

/** Whether a holder has one of `allowed`; admin has every right. */
export function holds(claims: TokenClaims, allowed: readonly Role[]): boolean {
  return claims.roles.includes('admin') || claims.roles.some((r) => allowed.includes(r));
}

async function verify(request: FastifyRequest): Promise<TokenClaims> {
  try {
    await request.jwtVerify();
  } catch {
    throw new HttpError(401, messages.auth.sessionExpired);
  }
  const claims = holderOf(request.user);
  if (!claims) throw new HttpError(401, messages.auth.sessionExpired);
  return claims;
}

/**
 * The holder of a token sent outside an HTTP request (the socket handshake), checked exactly as
 * `requireRoles(...readerRoles)` checks a request: signature, expiry, claims, a reader role. Null otherwise.
 */
export function verifyReaderToken(app: FastifyInstance, token: string): { claims: TokenClaims; expiresAt: number | null } | null {
  let payload: { exp?: unknown };
  try {
    payload = app.jwt.verify<{ exp?: unknown }>(token);
  } catch {
    return null;
  }
  const claims = holderOf(payload);
  if (!claims || !holds(claims, readerRoles)) return null;
  return { claims, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null };
}

/**
 * onRequest hook: a valid token whose holder has one of `allowed` (admin always passes). It runs before
 * the body is parsed and validated, so a caller without the right gets 401/403 and no hint about fields.
 * Write routes list their roles; read routes use `readerRoles`.
 */
export function requireRoles(...allowed: readonly Role[]): onRequestAsyncHookHandler {
  return requireRolesSaying(messages.auth.forbidden, ...allowed);
}

/** requireRoles with the 403 answer's own German message (e.g. "only billing may …"). */
export function requireRolesSaying(forbidden: string, ...allowed: readonly Role[]): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const claims = await verify(request);
    if (!holds(claims, allowed)) throw new HttpError(403, forbidden);
  };
}
