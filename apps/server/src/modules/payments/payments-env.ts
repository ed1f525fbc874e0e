import { z } from 'zod';
import {
  oneOf,
  optionalBaseUrl,
  optionalText,
  positiveAmount,
  refuseSentence,
  rupees,
  textOr,
  wholeNumber,
  type Deployment,
} from '../../platform/env-fields.ts';
import { codeSecretField, portField } from '../../platform/platform-env.ts';

// Recharges and withdrawals: the bank/UPI gateway, the limits per order, and USDT on TRON.

export type PaymentGatewayName = 'sandbox' | 'gateway-hmac';

export type PaymentsConfig = {
  /** Who takes bank/UPI recharges and pays bank/UPI withdrawals. */
  gateway: PaymentGatewayName;
  /** Where the gateway sends players back and posts callbacks: this site's public address. */
  publicBaseUrl: string;
  gatewayHmac: { url: string; merchantId: string; secret: string };
  /** Secret of the local sandbox gateway's signatures. */
  sandboxSecret: string;
  callbackToleranceMs: number;
  minRechargePaise: bigint;
  maxRechargePaise: bigint;
  quickRechargePaise: bigint[];
  minWithdrawBankPaise: bigint;
  minWithdrawUsdtPaise: bigint;
  maxWithdrawPaise: bigint;
  usdt: {
    /** Account-level extended public key (m/44'/195'/0'); USDT is offered only when one is set. */
    xpub: string | undefined;
    /** Rupee paise credited per 1 USDT. */
    ratePaise: bigint;
    minCents: bigint;
    maxCents: bigint;
    contractAddress: string;
    /** TronGrid-compatible node the watcher polls; without one, operators confirm USDT orders by hand. */
    nodeUrl: string | undefined;
    nodeApiKey: string | undefined;
    confirmations: number;
    pollIntervalMs: number;
    orderTtlMs: number;
  };
};

/**
 * A demonstration xpub (m/44'/195'/0' of the public BIP39 test mnemonic "abandon … about"), used
 * outside production when USDT_XPUB is unset so that the USDT flow can be tried. Its private keys are
 * public knowledge: never send real funds to these addresses.
 */
export const DEMO_USDT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';

/** TRON mainnet's USDT (TRC20) contract. */
export const USDT_MAINNET_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export function paymentsEnv(deployment: Deployment) {
  const { isProduction } = deployment;
  return z
    .object({
      PAYMENT_GATEWAY: oneOf(['sandbox', 'gateway-hmac'], 'sandbox'),
      GATEWAY_URL: optionalBaseUrl,
      GATEWAY_MERCHANT_ID: textOr(''),
      GATEWAY_SECRET: textOr(''),
      PUBLIC_BASE_URL: optionalBaseUrl,
      PORT: portField,
      // The sandbox's signatures are keyed by CODE_SECRET, so that every node of a deployment accepts them.
      CODE_SECRET: codeSecretField(deployment),
      RECHARGE_MIN_RUPEES: rupees(100),
      RECHARGE_MAX_RUPEES: rupees(50_000),
      WITHDRAW_MIN_BANK_RUPEES: rupees(230),
      WITHDRAW_MIN_USDT_RUPEES: rupees(1_003),
      WITHDRAW_MAX_RUPEES: rupees(200_000),
      USDT_XPUB: optionalText,
      USDT_RATE_RUPEES: positiveAmount(9_200n),
      USDT_MIN: positiveAmount(1_000n),
      USDT_MAX: positiveAmount(1_000_000n),
      USDT_CONTRACT: textOr(USDT_MAINNET_CONTRACT),
      TRON_NODE_URL: optionalBaseUrl,
      TRON_API_KEY: optionalText,
      USDT_CONFIRMATIONS: wholeNumber(19, { atLeast: 1 }),
      USDT_POLL_INTERVAL_MS: wholeNumber(15_000, { atLeast: 1_000 }),
      USDT_ORDER_TTL_MINUTES: wholeNumber(60, { atLeast: 1 }),
    })
    .transform((fields, ctx): PaymentsConfig => {
      const gateway: PaymentGatewayName = fields.PAYMENT_GATEWAY;
      // The sandbox credits money nobody paid: it exists to try the product, never to run it.
      if (gateway === 'sandbox' && isProduction) refuseSentence(ctx, 'PAYMENT_GATEWAY=sandbox is not allowed in production');
      const gatewayHmac = {
        url: fields.GATEWAY_URL ?? '',
        merchantId: fields.GATEWAY_MERCHANT_ID,
        secret: fields.GATEWAY_SECRET,
      };
      if (gateway === 'gateway-hmac' && (!gatewayHmac.url || !gatewayHmac.merchantId || gatewayHmac.secret.length < 32))
        refuseSentence(
          ctx,
          'PAYMENT_GATEWAY=gateway-hmac needs GATEWAY_URL, GATEWAY_MERCHANT_ID and GATEWAY_SECRET (at least 32 characters)',
        );
      // The demo key's private keys are public: never in production. Whether a key is a valid
      // account-level xpub is checked by the payments module at start (buildServer).
      if (isProduction && fields.USDT_XPUB === DEMO_USDT_XPUB)
        refuseSentence(ctx, 'USDT_XPUB is the public demo key, whose private keys anyone has: not allowed in production');
      return {
        gateway,
        publicBaseUrl: fields.PUBLIC_BASE_URL ?? `http://localhost:${fields.PORT}`,
        gatewayHmac,
        sandboxSecret: `sandbox-gateway:${fields.CODE_SECRET}`,
        callbackToleranceMs: 5 * 60_000,
        minRechargePaise: fields.RECHARGE_MIN_RUPEES,
        maxRechargePaise: fields.RECHARGE_MAX_RUPEES,
        quickRechargePaise: [100, 300, 500, 1_000, 2_000, 5_000].map((value) => BigInt(value) * 100n),
        minWithdrawBankPaise: fields.WITHDRAW_MIN_BANK_RUPEES,
        minWithdrawUsdtPaise: fields.WITHDRAW_MIN_USDT_RUPEES,
        maxWithdrawPaise: fields.WITHDRAW_MAX_RUPEES,
        usdt: {
          xpub: fields.USDT_XPUB ?? (isProduction ? undefined : DEMO_USDT_XPUB),
          ratePaise: fields.USDT_RATE_RUPEES,
          minCents: fields.USDT_MIN,
          maxCents: fields.USDT_MAX,
          contractAddress: fields.USDT_CONTRACT,
          nodeUrl: fields.TRON_NODE_URL,
          nodeApiKey: fields.TRON_API_KEY,
          confirmations: fields.USDT_CONFIRMATIONS,
          pollIntervalMs: fields.USDT_POLL_INTERVAL_MS,
          orderTtlMs: fields.USDT_ORDER_TTL_MINUTES * 60_000,
        },
      };
    });
}
