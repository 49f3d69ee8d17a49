import { useState, type FormEvent } from 'react';

/** Sign-in with a staff token, pasted (or arriving in a link or QR code, handled before this shows). */
export function SignIn({
  busy,
  error,
  notice,
  onSubmit,
}: {
  busy: boolean;
  error: string | null;
  /** why the device was signed out, if it was */
  notice: string | null;
  onSubmit: (token: string) => void;
}) {
  const [token, setToken] = useState('');
  // Hidden as it is typed or pasted: the token is a password, often entered where guests can see.
  const [shown, setShown] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(token.trim());
  };
  return (
    <main className="sign-in">
      <h1>Staff display</h1>
      <p>
        Sign in with the staff token your manager gave you for this store. This device stays signed in until the token
        is revoked.
      </p>
      {notice && (
        <p className="banner" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={submit} className="sign-in-form">
        <label htmlFor="token">Staff token</label>
        <div className="secret-field">
          <input
            id="token"
            className="input"
            type={shown ? 'text' : 'password'}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            aria-describedby={error ? 'sign-in-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
          <button
            type="button"
            className="action action-secondary"
            aria-pressed={shown}
            aria-controls="token"
            onClick={() => setShown((value) => !value)}
          >
            Show token
          </button>
        </div>
        {error && (
          <p id="sign-in-error" className="ticket-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="action action-primary" disabled={busy || token.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
