import { useEffect, useState } from 'react';
import { canUseApplePay } from '../lib/apple-pay';
import { googlePayClient, type PaymentsClientLike } from '../lib/google-pay';

/** Which wallets to offer (spec §6): Apple Pay when allowed and the browser can pay; Google Pay when allowed and its client loads. */
export function useWallets(input: {
  allowApplePay: boolean;
  allowGooglePay: boolean;
  merchantIds: readonly string[];
  environment: 'PRODUCTION' | 'TEST';
}): { applePay: boolean; googlePay: PaymentsClientLike | null } {
  const { allowApplePay, allowGooglePay, environment } = input;
  const merchantKey = input.merchantIds.join(',');
  const [googlePay, setGooglePay] = useState<PaymentsClientLike | null>(null);

  useEffect(() => {
    let current = true;
    setGooglePay(null);
    if (!allowGooglePay) return;
    void googlePayClient({
      allowGooglePay,
      merchantIds: merchantKey ? merchantKey.split(',') : [],
      environment,
    }).then((client) => {
      if (current) setGooglePay(client);
    });
    return () => {
      current = false;
    };
  }, [allowGooglePay, merchantKey, environment]);

  return { applePay: canUseApplePay(allowApplePay), googlePay };
}
