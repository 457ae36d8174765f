import type { User } from './types';

/**
 * The logged-in session lives in browser storage: `authToken` and `user` in localStorage
 * (orders.md §6 also accepts a token in sessionStorage). Components read it through
 * `useSession` (features/auth), which subscribes here.
 */

export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'user';
/** sessionStorage key of the notice the login page shows after a forced logout. */
export const LOGIN_NOTICE_KEY = 'dispo.loginNotice';

export interface Session {
  token: string;
  user: User | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { token: string | null; userJson: string | null; session: Session | null } | null = null;

function safeGet(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function browserStorages(): Storage[] {
  const result: Storage[] = [];
  if (typeof localStorage !== 'undefined') result.push(localStorage);
  if (typeof sessionStorage !== 'undefined') result.push(sessionStorage);
  return result;
}

export function getToken(): string | null {
  for (const storage of browserStorages()) {
    const token = safeGet(storage, TOKEN_KEY);
    if (token) return token;
  }
  return null;
}

function parseUser(json: string | null): User | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as User) : null;
  } catch {
    return null;
  }
}

function getUserJson(): string | null {
  for (const storage of browserStorages()) {
    const json = safeGet(storage, USER_KEY);
    if (json) return json;
  }
  return null;
}

/** The current session; the same object as long as storage did not change (for useSyncExternalStore). */
export function getSession(): Session | null {
  const token = getToken();
  const userJson = getUserJson();
  if (cached && cached.token === token && cached.userJson === userJson) return cached.session;
  const session = token ? { token, user: parseUser(userJson) } : null;
  cached = { token, userJson, session };
  return session;
}

export function saveSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

/** Removes token and user from localStorage and sessionStorage. */
export function clearSession(): void {
  for (const storage of browserStorages()) {
    try {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(USER_KEY);
    } catch {
      // storage unavailable (private mode): nothing to clear
    }
  }
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  // Another tab logging in or out changes the session here, too.
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function setLoginNotice(text: string): void {
  try {
    sessionStorage.setItem(LOGIN_NOTICE_KEY, text);
  } catch {
    // ignore: the router state carries the notice as well
  }
}

/** Reads and removes the notice, so it is shown once. */
export function takeLoginNotice(): string | null {
  try {
    const text = sessionStorage.getItem(LOGIN_NOTICE_KEY);
    if (text !== null) sessionStorage.removeItem(LOGIN_NOTICE_KEY);
    return text;
  } catch {
    return null;
  }
}
