import { type FormEvent, useEffect, useId, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useLogin } from '../../api/auth';
import { LOGIN_NOTICE_KEY } from '../../api/session';
import { InputField } from '../../components/FormField';
import { messages } from '@dispo/domain/messages';
import { useSession } from './useSession';
import './auth.css';

export const HOME_PATH = '/auftragsannahme';

interface LoginLocationState {
  notice?: string;
  from?: string;
}

function readNotice(state: LoginLocationState | null): string | null {
  if (state?.notice) return state.notice;
  try {
    return sessionStorage.getItem(LOGIN_NOTICE_KEY);
  } catch {
    return null;
  }
}

/** Only paths inside the app are followed after login, never an outside address. */
function safeTarget(from: string | undefined): string {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : HOME_PATH;
}

export function LoginPage() {
  const location = useLocation();
  const session = useSession();
  const login = useLogin();
  const state = (location.state ?? null) as LoginLocationState | null;
  const [notice] = useState(() => readNotice(state));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const formId = useId();

  // The notice of a forced logout is shown once.
  useEffect(() => {
    try {
      sessionStorage.removeItem(LOGIN_NOTICE_KEY);
    } catch {
      // storage unavailable
    }
  }, []);

  // Logged in (also right after a successful login, which stores the session): into the app.
  if (session) return <Navigate to={safeTarget(state?.from)} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (username.trim() === '' || password === '') {
      setFieldError(messages.login.fieldsRequired);
      return;
    }
    setFieldError(null);
    login.mutate({ username: username.trim(), password });
  };

  const error = fieldError ?? (login.isError ? login.error.message : null);

  return (
    <main className="login">
      <div className="login__card">
        <div className="login__brand">
          <span className="login__logo" aria-hidden="true">
            D
          </span>
          <div>
            <div className="login__product">{messages.app.productName}</div>
            <div className="login__tagline">{messages.login.subtitle}</div>
          </div>
        </div>
        <h1 className="login__title">{messages.login.title}</h1>
        {notice && !error && (
          <p className="login__notice" role="status">
            {notice}
          </p>
        )}
        {error && (
          <p className="login__error" role="alert">
            {error}
          </p>
        )}
        <form className="login__form" onSubmit={onSubmit} noValidate aria-busy={login.isPending}>
          <InputField
            id={`${formId}-username`}
            label={messages.login.username}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={username}
            onChange={setUsername}
            aria-invalid={fieldError !== null && username.trim() === ''}
          />
          <InputField
            id={`${formId}-password`}
            label={messages.login.password}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            aria-invalid={fieldError !== null && password === ''}
          />
          <button type="submit" className="button button--primary login__submit" disabled={login.isPending}>
            {login.isPending ? messages.login.pending : messages.login.submit}
          </button>
        </form>
      </div>
    </main>
  );
}
