import { useEffect, useMemo, useRef, useState } from 'react';
import { getCredential, getVendor } from './api/board-api';
import { ApiError } from '@venue/client/http-client';
import { opsClient } from './api/ops-client';
import { BoardScreen } from './components/board-screen';
import { SignIn } from './components/sign-in';
import { clearSignIn, loadSignIn, saveSignIn, tokenFromLink, type SignIn as Session } from './lib/token-store';

/** What the sign-in says to the venue admin's token, which the board does not take. */
export const ADMIN_TOKEN_MESSAGE =
  "That is the venue admin's token. The staff display signs in with a store's own staff token: make one for this store and use it here.";

/** Signs a device in with a staff token (typed, or from a link), then shows the store's live board. */
export function App() {
  const [session, setSession] = useState<Session | null>(() => loadSignIn());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const signIn = async (token: string) => {
    setBusy(true);
    setError(null);
    const client = opsClient(token);
    try {
      const credential = await getCredential(client);
      const store = credential.vendorId;
      // The venue admin's token reaches every store and the catalogue: it is not kept on a tablet,
      // in storage the customer app's origin shares.
      if (credential.kind !== 'staff' || store === null) {
        setError(ADMIN_TOKEN_MESSAGE);
        return;
      }
      const vendor = await getVendor(client, store);
      const next = { token, vendorId: store, storeName: vendor.storeName };
      saveSignIn(next);
      setNotice(null);
      setSession(next);
    } catch (failure) {
      setError(
        failure instanceof ApiError && (failure.status === 401 || failure.status === 403)
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
      void signIn(token);
    }, 0);
    return () => clearTimeout(timer);
  });

  const client = useMemo(() => (session ? opsClient(session.token) : null), [session]);
  if (!session || !client) {
    return <SignIn busy={busy} error={error} notice={notice} onSubmit={(token) => void signIn(token)} />;
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
