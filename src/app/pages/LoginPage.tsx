/**
 * /login: the full-screen password page of the seed. It is its own small document and bundle
 * (src/client/login.tsx) so that nothing behind the gate is sent before the password is.
 * Works without JavaScript (a plain form post, answered with a 303); with JavaScript it posts
 * JSON, shows "Authenticating..." for at least 500 ms, then goes on or shows the error.
 */
import { useRef, useState, type FormEvent } from 'react';
import { LOGIN_CHECK_DELAY_MS, LOGIN_ERROR } from '../constants.ts';
import { LoginCard } from '../components/LoginCard.tsx';
import { useHydrated } from '../hooks/useHydrated.ts';
import { useTypedBeforeHydration } from '../hooks/useTypedBeforeHydration.ts';

export interface LoginProps {
  next: string;
  /** Set when a no-JavaScript post failed: a wrong password redirects back with ?error=1; a throttled post is answered 429 with this page and its message. */
  initialError: string | null;
}

export function LoginPage({ next, initialError }: LoginProps) {
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  // Before hydration the button stays enabled, so the form also works without JavaScript
  // (the field is `required`); once hydrated, an empty field disables it (seed §5).
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => name === 'password' && setPassword(value));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || checking) return;
    setChecking(true);
    setError(null);
    const delay = new Promise((r) => setTimeout(r, LOGIN_CHECK_DELAY_MS));
    let result: { ok: boolean; message?: string };
    try {
      const res = await fetch('/api/login', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ password }),
      });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      result = res.ok ? { ok: true } : { ok: false, message: body.error ?? LOGIN_ERROR };
    } catch {
      result = { ok: false, message: 'The server could not be reached. Please try again.' };
    }
    await delay;
    if (result.ok) {
      try {
        sessionStorage.setItem('authenticated', 'true');
      } catch {
        /* the server session is the authority */
      }
      window.location.assign(next);
      return;
    }
    setChecking(false);
    setPassword('');
    setError(result.message ?? LOGIN_ERROR);
    document.getElementById('password')?.focus();
  };

  return (
    <LoginCard title="Welcome">
      <p className="login__text">This site is restricted to invited visitors. Enter the password to continue.</p>
      <form ref={formRef} className="login__form" method="post" action="/api/login" onSubmit={onSubmit}>
        <input type="hidden" name="next" value={next} />
        <label htmlFor="password" className="visually-hidden">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          className="login__input"
          placeholder="Enter password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'login-error' : undefined}
          readOnly={checking}
          aria-busy={checking || undefined}
        />
        {/* While checking it is aria-disabled, not disabled: a disabled button drops the focus it has to <body>. */}
        <button type="submit" className="login__submit" disabled={hydrated && !password && !checking} aria-disabled={checking || undefined}>
          {checking ? 'Authenticating...' : 'Enter'}
        </button>
        <p id="login-error" className="login__error" role="alert">
          {error ?? ''}
        </p>
      </form>
    </LoginCard>
  );
}
