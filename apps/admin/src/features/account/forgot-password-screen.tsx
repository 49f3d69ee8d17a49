import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { requestPasswordReset } from '../../api/accounts';
import { messageOf } from '../../api/admin-client';
import { FormError, TextField, focusFirstInvalid } from '../../components/field';
import { looksLikeEmail } from './sign-in-screen';

/** Asks for a link to set a new password, sent by email when the address has an account. */
export default function ForgotPasswordScreen() {
  const location = useLocation();
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = !email.trim()
      ? 'Enter your email address.'
      : looksLikeEmail(email)
        ? null
        : 'Enter an email address like name@example.com.';
    setProblem(found);
    setFailure(null);
    if (found) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset({ email: email.trim() });
      setSentTo(email.trim());
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="centered">
      <div className="card auth-card">
        <h1>Forgot your password?</h1>
        {sentTo ? (
          <p className="notice notice-ok" role="status">
            If {sentTo} has an account, a link to set a new password is on its way. It works once, for 24 hours.
          </p>
        ) : (
          <>
            <p>Enter the email address you sign in with. We will send you a link to set a new password.</p>
            <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
              <TextField
                id="reset-email"
                label="Email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={problem}
              />
              <FormError message={failure} />
              <button type="submit" className="button button-primary button-wide" disabled={busy}>
                {busy ? 'Sending…' : 'Send the link'}
              </button>
            </form>
          </>
        )}
        <p className="auth-aside">
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
