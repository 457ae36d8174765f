import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from '../../api/session';

/** The logged-in session (token and user), re-rendering on login, logout and forced logout. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
