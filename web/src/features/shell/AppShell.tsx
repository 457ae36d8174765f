import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../api/session';
import type { User } from '../../api/types';
import { messages } from '@dispo/domain/messages';
import { SocketProvider } from '../../socket/SocketProvider';
import { useSession } from '../auth/useSession';
import { ErrorBoundary } from '../error/ErrorBoundary';
import './shell.css';

/** Entries with `roles` are shown only to users with one of them (the Postausgang to admins). */
const NAVIGATION: readonly { to: string; label: string; roles?: readonly string[] }[] = [
  { to: '/auftragsannahme', label: messages.navigation.orderIntake },
  { to: '/fuhrpark', label: messages.navigation.fleet },
  { to: '/disposition', label: messages.navigation.dispatch },
  { to: '/abrechnung', label: messages.billingScreen.title, roles: ['billing', 'admin'] },
  { to: '/postausgang', label: messages.mailOutbox.title, roles: ['admin'] },
  { to: '/betrieb', label: messages.operations.title, roles: ['admin'] },
  { to: '/pruefung', label: messages.audit.navigation, roles: ['auditor', 'admin'] },
];

function fullName(user: User | null): string {
  if (!user) return '';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.username;
}

function initials(user: User | null): string {
  if (!user) return '';
  const letters = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`;
  return (letters || user.username?.[0] || '').toUpperCase();
}

export interface AppShellProps {
  /** Server origin of the socket; default the page's own origin. */
  socketUrl?: string;
}

/** The layout after login: header with product name, navigation, user and logout; the page below. */
export function AppShell({ socketUrl }: AppShellProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const user = session?.user ?? null;
  const name = fullName(user);

  const logout = () => {
    // Clearing the session closes the socket (SocketProvider) and the cache holds nothing of this user.
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <SocketProvider token={session?.token ?? null} {...(socketUrl === undefined ? {} : { url: socketUrl })}>
      <div className="shell">
        <header className="shell__header">
          <div className="shell__brand">
            <span className="shell__logo" aria-hidden="true">
              D
            </span>
            <span className="shell__product">{messages.app.productName}</span>
          </div>
          <nav className="shell__nav" aria-label={messages.navigation.mainNavigation}>
            <ul>
              {NAVIGATION.filter((item) => !item.roles || item.roles.some((role) => user?.roles?.includes(role))).map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={({ isActive }) => `shell__link${isActive ? ' shell__link--active' : ''}`}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="shell__user">
            {name && (
              <span className="shell__user-name" title={`${messages.navigation.loggedInAs} ${name}`}>
                <span className="shell__avatar" aria-hidden="true">
                  {initials(user)}
                </span>
                <span className="visually-hidden">{messages.navigation.loggedInAs} </span>
                {name}
              </span>
            )}
            <button type="button" className="button button--ghost shell__logout" onClick={logout}>
              {messages.navigation.logout}
            </button>
          </div>
        </header>
        <main className="shell__main">
          <ErrorBoundary resetKey={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
    </SocketProvider>
  );
}
