import { Button } from '../../../components/ui/button';
import styles from './payment.module.css';

/** Spec §6: the Apple Pay and Google Pay buttons on offer; nothing when neither is. */
export function WalletButtons({
  wallets,
  disabled,
}: {
  wallets: { applePay: boolean; googlePay: boolean; payByApplePay: () => void; payByGooglePay: () => void };
  disabled: boolean;
}) {
  const { applePay, googlePay, payByApplePay, payByGooglePay } = wallets;
  if (!applePay && !googlePay) return null;
  return (
    <>
      {applePay && (
        <Button block className={styles.walletButton} disabled={disabled} onClick={payByApplePay}>
          Apple Pay
        </Button>
      )}
      {googlePay && (
        <Button block className={styles.walletButton} disabled={disabled} onClick={payByGooglePay}>
          Google Pay
        </Button>
      )}
    </>
  );
}
