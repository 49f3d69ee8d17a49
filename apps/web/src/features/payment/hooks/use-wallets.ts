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
  const configKey = `${allowGooglePay}|${merchantKey}|${environment}`;
  // the client found for a configuration; a different configuration shows no button until its own check ends
  const [found, setFound] = useState<{ key: string; client: PaymentsClientLike | null } | null>(null);

  useEffect(() => {
    if (!allowGooglePay) return;
    let current = true;
    void googlePayClient({
      allowGooglePay,
      merchantIds: merchantKey ? merchantKey.split(',') : [],
      environment,
    }).then((client) => {
      if (current) setFound({ key: configKey, client });
    });
    return () => {
      current = false;
    };
  }, [allowGooglePay, merchantKey, environment, configKey]);

  return {
    applePay: canUseApplePay(allowApplePay),
    googlePay: allowGooglePay && found?.key === configKey ? found.client : null,
  };
}
