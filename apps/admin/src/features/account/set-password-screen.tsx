import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, SetPasswordRequest } from '@venue/contract/admin-accounts';
import { setPassword } from '../../api/accounts';
import { messageOf } from '../../api/admin-client';
import { FormError, TextField, focusFirstInvalid } from '../../components/field';

interface Problems {
  password?: string;
  confirm?: string;
}

export const PASSWORD_SET_NOTICE = 'Your password is set. Sign in with it.';

/** Sets a password from an invitation's or a reset's one-time link (its token in the address). */
export default function SetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPasswordText] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    // the API's own rule, so the words are the same as its answer's
    const checked = SetPasswordRequest.safeParse({ token, password });
    const passwordIssue = checked.success ? null : checked.error.issues.find((issue) => issue.path[0] === 'password');
    if (!password) found.password = 'Enter a password.';
    else if (passwordIssue) found.password = passwordIssue.message;
    if (!found.password && confirm !== password) found.confirm = 'The two passwords are not the same.';
    setProblems(found);
    setFailure(null);
    if (found.password || found.confirm) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await setPassword({ token, password });
      navigate('/sign-in', { replace: true, state: { notice: PASSWORD_SET_NOTICE } });
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <main className="centered">
        <div className="card auth-card">
          <h1>Set your password</h1>
          <p className="notice notice-error" role="alert">
            This address has no link token. Open the link from your email again, or ask for a new one.
          </p>
          <p className="auth-aside">
            <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        </div>
      </main>
    );
  }

  return (
    <main className="centered">
      <div className="card auth-card">
        <h1>Set your password</h1>
        <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            id="new-password"
            label="New password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few words you will remember work well.`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPasswordText(event.target.value)}
            error={problems.password}
          />
          <TextField
            id="confirm-password"
            label="Type it again"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={problems.confirm}
          />
          <FormError message={failure} />
          <button type="submit" className="button button-primary button-wide" disabled={busy}>
            {busy ? 'Saving…' : 'Set password'}
          </button>
        </form>
        <p className="auth-aside">
          <Link to="/forgot-password">The link has expired? Ask for a new one</Link>
        </p>
      </div>
    </main>
  );
}
