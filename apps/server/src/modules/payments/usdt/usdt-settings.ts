import { isValidAccountXpub } from './tron-address.ts';

/** Refuses to start with a USDT_XPUB that is not an account-level extended public key. */
export function assertUsdtXpub(xpub: string | undefined): void {
  if (xpub && !isValidAccountXpub(xpub))
    throw new Error(
      "USDT_XPUB must be the account-level extended public key (xpub of m/44'/195'/0'); never configure a private key",
    );
}
