import { createBase58check } from '@scure/base';
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** The version byte of every TRON mainnet address; it is why base58 addresses start with 'T'. */
export const TRON_ADDRESS_PREFIX = 0x41;
export const TRON_ADDRESS_BYTES = 21;
export const MAX_DEPOSIT_INDEX = HARDENED_OFFSET - 1;

/** BIP44 depth of m/44'/195'/account': purpose, coin type and account are three derivation steps. */
const ACCOUNT_DEPTH = 3;
/** The external (receiving) chain of BIP44; deposit addresses live at m/44'/195'/0'/0/index. */
const RECEIVING_CHAIN = 0;
/** A serialized extended key is 111 or 112 characters; anything much longer is not one. */
const MAX_EXTENDED_KEY_CHARS = 120;
/** A base58check TRON address is 34 characters; refuse long input before decoding it. */
const MAX_ADDRESS_CHARS = 64;

const base58check = createBase58check(sha256);

/**
 * The deposit address of order `index`: m/44'/195'/0'/0/index, derived from the account xpub alone,
 * so the server never holds a private key.
 */
export function deriveDepositAddress(accountXpub: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) {
    throw new Error(`deposit index must be an integer from 0 to ${MAX_DEPOSIT_INDEX}, got ${String(index)}`);
  }
  const child = parseAccountXpub(accountXpub).deriveChild(RECEIVING_CHAIN).deriveChild(index);
  if (!child.publicKey) throw new Error(`no public key at deposit index ${index}`);
  return tronAddressFromPublicKey(child.publicKey);
}

/**
 * Parses the operator's account-level extended public key (the xpub of m/44'/195'/account').
 * An xprv is refused: the server must never be configured with a private key. The depth and the
 * hardened account index are checked because an xpub of another level (the master, or the m/…/0
 * chain some wallets export) parses fine but yields addresses the operator's wallet never looks at.
 */
export function parseAccountXpub(text: string): HDKey {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_EXTENDED_KEY_CHARS) {
    throw new Error('account xpub must be a serialized BIP32 extended public key (xpub…)');
  }
  const trimmed = text.trim();
  if (trimmed.startsWith('xprv') || trimmed.startsWith('tprv')) {
    throw new Error('account xpub is a private key (xprv): configure the xpub only, never a private key');
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(trimmed);
  } catch (error) {
    throw new Error(`account xpub does not parse as a BIP32 extended public key: ${(error as Error).message}`);
  }
  if (key.privateKey) {
    throw new Error('account xpub is a private key (xprv): configure the xpub only, never a private key');
  }
  if (key.depth !== ACCOUNT_DEPTH || key.index < HARDENED_OFFSET) {
    throw new Error(
      `account xpub must be the account-level key of m/44'/195'/account' (depth ${ACCOUNT_DEPTH}, hardened index); ` +
        `got depth ${key.depth}, index ${key.index}`,
    );
  }
  return key;
}

export function isValidAccountXpub(text: string): boolean {
  try {
    parseAccountXpub(text);
    return true;
  } catch {
    return false;
  }
}

/** A TRON address from a 33-byte compressed or 65-byte uncompressed secp256k1 public key. */
export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  if (!(publicKey instanceof Uint8Array) || (publicKey.length !== 33 && publicKey.length !== 65)) {
    throw new Error('public key must be 33 (compressed) or 65 (uncompressed) bytes');
  }
  // Decoding checks that the point is on the curve, so a corrupt key cannot yield a plausible address.
  let uncompressed: Uint8Array;
  try {
    uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  } catch (error) {
    throw new Error(`public key is not a point on secp256k1: ${(error as Error).message}`);
  }
  const hash = keccak_256(uncompressed.subarray(1));
  const payload = new Uint8Array(TRON_ADDRESS_BYTES);
  payload[0] = TRON_ADDRESS_PREFIX;
  payload.set(hash.subarray(hash.length - 20), 1);
  return base58check.encode(payload);
}

export function isValidTronAddress(text: string): boolean {
  return decodeTronAddress(text) !== null;
}

/** The '41…' hex form (42 lowercase hex characters) that node APIs use when not asked for base58. */
export function tronAddressToHex(address: string): string {
  const payload = decodeTronAddress(address);
  if (!payload) throw new Error(`not a TRON address: ${String(address).slice(0, MAX_ADDRESS_CHARS)}`);
  return bytesToHex(payload);
}

/** Accepts the '41' + 20-byte hex form or the EVM-style '0x' + 20-byte form. */
export function tronAddressFromHex(hex: string): string {
  const match = typeof hex === 'string' ? /^(?:41|0x)([0-9a-fA-F]{40})$/.exec(hex) : null;
  if (!match) throw new Error(`not a hex TRON address ('41' or '0x' followed by 40 hex digits): ${String(hex).slice(0, 50)}`);
  const payload = new Uint8Array(TRON_ADDRESS_BYTES);
  payload[0] = TRON_ADDRESS_PREFIX;
  payload.set(hexToBytes(match[1]!), 1);
  return base58check.encode(payload);
}

function decodeTronAddress(text: string): Uint8Array | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_ADDRESS_CHARS) return null;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    return null;
  }
  if (payload.length !== TRON_ADDRESS_BYTES || payload[0] !== TRON_ADDRESS_PREFIX) return null;
  return payload;
}
