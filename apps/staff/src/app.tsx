import { useEffect, useMemo, useRef, useState } from 'react';
import { getCredential, getVendor } from './api/board-api';
import { opsClient, OpsError } from './api/ops-client';
import { BoardScreen } from './components/board-screen';
import { SignIn } from './components/sign-in';
import { clearSignIn, loadSignIn, saveSignIn, tokenFromLink, type SignIn as Session } from './lib/token-store';

/** Signs a device in with a staff token (typed, or from a link), then shows the store's live board. */
export function App() {
  const [session, setSession] = useState<Session | null>(() => loadSignIn());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [askStore, setAskStore] = useState(false);

  const signIn = async (token: string, vendorId: number | null) => {
    setBusy(true);
    setError(null);
    const client = opsClient(token);
    try {
      const credential = await getCredential(client);
      const store = credential.vendorId ?? vendorId;
      if (store === null) {
        setAskStore(true);
        setError('This token is not tied to one store. Give the store number too.');
        return;
      }
      const vendor = await getVendor(client, store);
      const next = { token, vendorId: store, storeName: vendor.storeName };
      saveSignIn(next);
      setNotice(null);
      setSession(next);
    } catch (failure) {
      setError(
        failure instanceof OpsError && (failure.status === 401 || failure.status === 403)
          ? 'That staff token is not valid (it may have been revoked). Check it and try again.'
          : failure instanceof Error
            ? failure.message
            : String(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  // A token in the address (a link or QR code): sign in with it and take it out of the address.
  const [link] = useState(() => tokenFromLink(window.location.href));
  const linkUsed = useRef(false);
  useEffect(() => {
    const token = link.token;
    if (!token || linkUsed.current) return;
    const timer = setTimeout(() => {
      linkUsed.current = true;
      window.history.replaceState(null, '', link.clean);
      void signIn(token, link.vendorId);
    }, 0);
    return () => clearTimeout(timer);
  });

  const client = useMemo(() => (session ? opsClient(session.token) : null), [session]);
  if (!session || !client) {
    return (
      <SignIn busy={busy} error={error} notice={notice} askStore={askStore} onSubmit={(t, v) => void signIn(t, v)} />
    );
  }
  return (
    <BoardScreen
      key={`${session.vendorId}-${session.token}`}
      client={client}
      vendorId={session.vendorId}
      onSignOut={(message) => {
        clearSignIn();
        setNotice(message ?? null);
        setSession(null);
      }}
    />
  );
}
