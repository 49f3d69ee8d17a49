import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { signIn } from '../../api/accounts';
import { messageOf } from '../../api/admin-client';
import { FormError, TextField, focusFirstInvalid } from '../../components/field';

/** A plain check of an address's shape; the server checks it again. */
export const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

interface Problems {
  email?: string;
  password?: string;
}

/** Signs a manager in with an email and a password; 'Forgot password?' asks for a reset link. */
export function SignInScreen({
  notice,
  onSignedIn,
}: {
  /** why the manager is here again (signed out, the session ended), if anything */
  notice: string | null;
  onSignedIn: () => Promise<void>;
}) {
  const location = useLocation();
  const passed = (location.state as { notice?: string } | null)?.notice ?? null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!email.trim()) found.email = 'Enter your email address.';
    else if (!looksLikeEmail(email)) found.email = 'Enter an email address like name@example.com.';
    if (!password) found.password = 'Enter your password.';
    setProblems(found);
    setFailure(null);
    if (found.email || found.password) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await signIn({ email: email.trim(), password });
      await onSignedIn();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  const shown = notice ?? passed;
  return (
    <main className="centered">
      <div className="card auth-card">
        <h1>Sign in to the back office</h1>
        {shown && (
          <p className="notice" role="status">
            {shown}
          </p>
        )}
        <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            id="email"
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={problems.email}
          />
          <TextField
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problems.password}
          />
          <FormError message={failure} />
          <button type="submit" className="button button-primary button-wide" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className="auth-aside">
          <Link to="/forgot-password" state={{ email }}>
            Forgot password?
          </Link>
        </p>
      </div>
    </main>
  );
}
