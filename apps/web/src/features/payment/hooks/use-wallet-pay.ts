import { useState } from 'react';
import { useStore } from 'react-redux';
import { settings } from '../../../config/settings';
import type { AfterPlacing, Placed, PlacedOrderState } from '../../../entities/placed-order';
import type { WithConsumer } from '../../../entities/consumer';
import { applePaySession, purchaseWithWallet } from '../api/payments';
import { signingKeyOf } from '../../../lib/request-signing';
import { applePayRequest, applePaySessionClass, payWithApplePay } from '../lib/apple-pay';
import { googlePayRequest, googlePayToken, isGooglePayCancel } from '../lib/google-pay';
import { WALLET_ERROR_MESSAGE } from '@venue/domain/payment-results';
import { useWallets } from './use-wallets';

type State = WithConsumer & { placedOrder: PlacedOrderState };

export interface WalletPayInput {
  vendorId: number | null;
  storeName: string;
  /** the vendor's wallet options */
  config: { allowApplePay: boolean; allowGooglePay: boolean } | null;
  /** the grand total shown, in minor units (the sheet's amount) */
  totalMinor: number;
  /** places the order (or finds its Pending one); null when it stopped */
  place: () => Promise<Placed | null>;
  /** the order needs no payment after all: go to that screen */
  goTo: (next: AfterPlacing) => void;
  /** the wallet paid: follow the order until the vendor has it */
  paid: (orderId: number) => void;
  notice: { show: (message: string) => void; clear: () => void };
}

/**
 * Spec §6 wallets on the contact screen: which to offer, and paying with Apple Pay or Google Pay.
 * The order is placed as the sheet opens; the purchase sends exactly the total the server charges.
 * `busyLabel` says when a Google Pay purchase is on its way.
 */
export function useWalletPay(input: WalletPayInput) {
  const { vendorId, storeName, totalMinor, place, goTo, paid, notice } = input;
  const store = useStore<State>();
  const [busyLabel, setBusyLabel] = useState<string | null>(null);
  const wallets = useWallets({
    allowApplePay: input.config?.allowApplePay ?? false,
    allowGooglePay: input.config?.allowGooglePay ?? false,
    merchantIds: settings.googlePayMerchantIds,
    environment: settings.googlePayEnv,
  });

  /** The total the server charges for the placed order (wallets must send exactly this). */
  const chargedTotal = () => store.getState().placedOrder.totalMinor ?? totalMinor;
  const key = () => signingKeyOf(store.getState().consumer)!;

  const payByApplePay = () => {
    const Session = applePaySessionClass();
    if (!Session) return;
    notice.clear();
    void payWithApplePay(Session, applePayRequest(totalMinor, storeName), {
      prepareOrder: async () => {
        const placed = await place();
        if (!placed) return null;
        if (placed.next !== 'payment') {
          goTo(placed.next);
          return null;
        }
        return placed.orderId;
      },
      validateMerchant: (orderId, url) => applePaySession(key(), orderId, url),
      purchase: (orderId, token) =>
        purchaseWithWallet(key(), orderId, {
          amount: chargedTotal(),
          walletType: 'APPLEPAYWEB',
          applePayPurchaseToken: typeof token === 'string' ? token : JSON.stringify(token),
        }),
    }).then((outcome) => {
      if (outcome.kind === 'paid') paid(outcome.orderId);
      else if (outcome.kind === 'failed') notice.show(WALLET_ERROR_MESSAGE);
    });
  };

  const payByGooglePay = () => {
    const client = wallets.googlePay;
    if (!client || vendorId === null) return;
    notice.clear();
    // The sheet opens straight from the tap; the order is placed meanwhile.
    const placing = place();
    client
      .loadPaymentData(
        googlePayRequest({ totalMinor, merchantIds: settings.googlePayMerchantIds, merchantName: storeName, vendorId }),
      )
      .then(async (data) => {
        const placed = await placing;
        if (!placed) return;
        if (placed.next !== 'payment') {
          goTo(placed.next);
          return;
        }
        const token = googlePayToken(data);
        if (!token) throw new Error('No token');
        setBusyLabel('Processing payment…');
        const ok = await purchaseWithWallet(placed.key, placed.orderId, {
          amount: chargedTotal(),
          walletType: 'GOOGLE',
          googlePayPurchaseToken: token,
        }).finally(() => setBusyLabel(null));
        if (!ok) throw new Error('Declined');
        paid(placed.orderId);
      })
      .catch((error: unknown) => {
        if (!isGooglePayCancel(error)) notice.show(WALLET_ERROR_MESSAGE);
      });
  };

  return {
    applePay: wallets.applePay,
    googlePay: wallets.googlePay !== null,
    payByApplePay,
    payByGooglePay,
    busyLabel,
  };
}
