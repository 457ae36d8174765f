import { messages } from '@dispo/domain/messages';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
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

async function verify(request: FastifyRequest): Promise<TokenClaims> {
  try {
    await request.jwtVerify();
  } catch {
    throw new HttpError(401, messages.auth.sessionExpired);
  }
  const claims = tokenClaimsSchema.safeParse(request.user);
  if (!claims.success) throw new HttpError(401, messages.auth.sessionExpired);
  return claims.data;
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
    if (claims.roles.includes('admin')) return;
    if (!claims.roles.some((r) => allowed.includes(r))) throw new HttpError(403, forbidden);
  };
}
