import { type TRechargeInfo, type TUsdtRechargeInfo } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { PaymentsConfig } from '../payments-env.ts';

export function rechargeInfo(config: PaymentsConfig): TRechargeInfo {
  const minAmount = formatMoney(config.minRechargePaise);
  const maxAmount = formatMoney(config.maxRechargePaise);
  return {
    provider: config.gateway,
    methods: [
      { method: 'upi', minAmount, maxAmount },
      { method: 'bank', minAmount, maxAmount },
    ],
    minAmount,
    maxAmount,
    quickAmounts: config.quickRechargePaise
      .filter((paise) => paise >= config.minRechargePaise && paise <= config.maxRechargePaise)
      .map(formatMoney),
    isUsdtAvailable: Boolean(config.usdt.xpub),
  };
}

export function usdtRechargeInfo(config: PaymentsConfig): TUsdtRechargeInfo {
  const { usdt } = config;
  return {
    isAvailable: Boolean(usdt.xpub),
    network: 'TRC20',
    rate: formatMoney(usdt.ratePaise),
    minUsdt: formatMoney(usdt.minCents),
    maxUsdt: formatMoney(usdt.maxCents),
    contractAddress: usdt.contractAddress,
    confirmations: usdt.confirmations,
    quickUsdtAmounts: [10n, 20n, 50n, 100n, 200n, 500n]
      .map((whole) => whole * 100n)
      .filter((cents) => cents >= usdt.minCents && cents <= usdt.maxCents)
      .map(formatMoney),
  };
}
