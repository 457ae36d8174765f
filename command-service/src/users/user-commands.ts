import { messages } from '@dispo/domain/messages';
import { normalizeUsername, passwordProblem, type UserDetailsInput, userDecider } from '@dispo/domain/user/index';
import { reservationKinds, streamIds } from '@dispo/events/catalog/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import { HttpError } from '@dispo/platform/http/errors';
import { hashPassword } from '../auth/passwords';
import { type CommandMeta, commandTime, executeCommand, loadAggregate } from '../command-handler';
import { reservationDecision } from '../reserve';

/** Registering a user: the user stream and the username reservation are written together. */
export function userCommands(ctx: { store: EventStore; registry: EventRegistry }) {
  return {
    async registerUser(userId: string, details: UserDetailsInput, password: string, meta: CommandMeta) {
      const problem = passwordProblem(password);
      if (problem) throw new HttpError(400, problem);
      const passwordHash = await hashPassword(password);
      return executeCommand(ctx.store, ctx.registry, meta, async () => {
        const streamId = streamIds.user(userId);
        const { state, version } = await loadAggregate(ctx.store, userDecider, streamId);
        const events = userDecider.decide({ type: 'RegisterUser', userId, details, passwordHash, now: commandTime(meta) }, state);
        const username = normalizeUsername(details.username);
        const reservation = await reservationDecision(ctx.store, reservationKinds.username, username, userId, messages.user.usernameTaken);
        return [{ streamId, expectedVersion: version, events }, reservation];
      });
    },
  };
}
