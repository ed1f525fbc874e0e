import { pbkdf2Sync } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import {
  deriveDepositAddress,
  isValidAccountXpub,
  isValidTronAddress,
  parseAccountXpub,
  tronAddressFromHex,
  tronAddressFromPublicKey,
  tronAddressToHex,
} from './tron-address.ts';

// BIP-0032 test vectors, copied from bitcoin/bips bip-0032.mediawiki ("Test Vectors").
const BIP32_VECTOR_1 = {
  m_0H: 'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
  m_0H_1: 'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
  m_0H_1_2H: 'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
  m_0H_1_2H_xprv:
    'xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM',
  m_0H_1_2H_2: 'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
  m_0H_1_2H_2_1000000000:
    'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
};
const BIP32_VECTOR_2 = {
  m: 'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
  m_0: 'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
  m_0_2147483647H:
    'xpub6ASAVgeehLbnwdqV6UKMHVzgqAG8Gr6riv3Fxxpj8ksbH9ebxaEyBLZ85ySDhKiLDBrQSARLq1uNRts8RuJiHjaDMBU4Zn9h8LZNnBC5y4a',
  m_0_2147483647H_1:
    'xpub6DF8uhdarytz3FWdA8TvFSvvAh8dP3283MY7p2V4SeE2wyWmG5mg5EwVvmdMVCQcoNJxGoWaU9DCWh89LojfZ537wTfunKau47EL2dhHKon',
  m_0_2147483647H_1_2147483646H:
    'xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL',
  m_0_2147483647H_1_2147483646H_2:
    'xpub6FnCn6nSzZAw5Tw7cgR9bi15UV96gLZhjDstkXXxvCLsUXBGXPdSnLFbdpq8p9HmGsApME5hQTZ3emM2rnY5agb9rXpVGyy3bdW6EEgAtqt',
};

const ABANDON_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ALL_MNEMONIC = 'all all all all all all all all all all all all';

/**
 * The BIP-0039 seed: PBKDF2-HMAC-SHA512 of the NFKD mnemonic, salt "mnemonic" + passphrase, 2048
 * rounds. Written out here rather than installing a BIP39 package; the published seed vector below
 * checks it.
 */
function seedFromMnemonic(mnemonic: string, passphrase = ''): Uint8Array {
  return pbkdf2Sync(mnemonic.normalize('NFKD'), `mnemonic${passphrase}`.normalize('NFKD'), 2048, 64, 'sha512');
}

/** What the operator would configure: the xpub of m/44'/195'/account', produced off the server. */
function accountXpubOf(mnemonic: string, account: number): string {
  return HDKey.fromMasterSeed(seedFromMnemonic(mnemonic)).derive(`m/44'/195'/${account}'`).publicExtendedKey;
}

function addressOfPrivateKey(privateKeyHex: string, isCompressed: boolean): string {
  return tronAddressFromPublicKey(secp256k1.getPublicKey(hexToBytes(privateKeyHex.toLowerCase()), isCompressed));
}

describe('BIP32 public derivation (published BIP-0032 vectors)', () => {
  it('vector 1: the xpub of m/0H/1/2H derives the published xpubs of m/0H/1/2H/2 and m/0H/1/2H/2/1000000000', () => {
    const parent = parseAccountXpub(BIP32_VECTOR_1.m_0H_1_2H);
    expect(parent.privateKey).toBeNull();
    const child = parent.deriveChild(2);
    expect(child.publicExtendedKey).toBe(BIP32_VECTOR_1.m_0H_1_2H_2);
    expect(child.deriveChild(1_000_000_000).publicExtendedKey).toBe(BIP32_VECTOR_1.m_0H_1_2H_2_1000000000);
  });

  it('vector 1: the xpub of m/0H derives the published xpub of m/0H/1', () => {
    expect(HDKey.fromExtendedKey(BIP32_VECTOR_1.m_0H).deriveChild(1).publicExtendedKey).toBe(BIP32_VECTOR_1.m_0H_1);
  });

  it('vector 2: the non-hardened steps m → m/0, …/2147483647H → …/1 and …/2147483646H → …/2 from xpubs alone', () => {
    expect(HDKey.fromExtendedKey(BIP32_VECTOR_2.m).deriveChild(0).publicExtendedKey).toBe(BIP32_VECTOR_2.m_0);
    expect(HDKey.fromExtendedKey(BIP32_VECTOR_2.m_0_2147483647H).deriveChild(1).publicExtendedKey).toBe(
      BIP32_VECTOR_2.m_0_2147483647H_1,
    );
    expect(HDKey.fromExtendedKey(BIP32_VECTOR_2.m_0_2147483647H_1_2147483646H).deriveChild(2).publicExtendedKey).toBe(
      BIP32_VECTOR_2.m_0_2147483647H_1_2147483646H_2,
    );
  });

  it('refuses a hardened step from an xpub', () => {
    expect(() => HDKey.fromExtendedKey(BIP32_VECTOR_2.m_0).deriveChild(2_147_483_647 + 2 ** 31)).toThrow();
  });
});

describe('tronAddressFromPublicKey (published TRON vectors)', () => {
  // trustwallet/wallet-core tests/chains/Tron/AddressTests.cpp (TronAddress.FromPublicKey).
  it('reproduces the wallet-core private key → address pairs', () => {
    expect(addressOfPrivateKey('2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54', false)).toBe(
      'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
    );
    expect(addressOfPrivateKey('BE88DF1D0BF30A923CB39C3BB953178BAAF3726E8D3CE81E7C8462E046E0D835', false)).toBe(
      'THRF3GuPnvvPzKoaT8pJex5XHmo8NNbCb3',
    );
  });

  // trustwallet/trust-core Tests/Tron/TronAddressTests.swift (testAddressWithRealData).
  it('reproduces the trust-core private key → address pair', () => {
    expect(addressOfPrivateKey('3d2eebd74075e98a55190b062ddd552c5f43f4b8379a1a1bcc8847a1c379a5e3', false)).toBe(
      'THyw5GEQrRFjBxjpiQrSkthzkN92BZY2sJ',
    );
  });

  // TronWeb API documentation, tronWeb.address.fromPrivateKey example (also developers.tron.network/docs/account).
  it('reproduces the TronWeb documentation private key → address pair', () => {
    expect(addressOfPrivateKey('3481E79956D4BD95F358AC96D151C976392FC4E3FC132F78A847906DE588C145', false)).toBe(
      'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    );
  });

  // trezor/trezor-firmware core/tests/test_apps.tron.address.py (test_pubkey_to_address). Only its first
  // key is a point on secp256k1: that test hashes the bytes without decoding them, so its other two
  // "keys" are arbitrary bytes, which tronAddressFromPublicKey must refuse rather than hash.
  it('reproduces the trezor-firmware uncompressed public key → address pair and refuses its off-curve keys', () => {
    const onCurve =
      '04aee772c640a56bfd434cc6c41b661467f0fac8ad922cd0d6f37a25a9faab506c9d687d8d4ad0957ca8a07b15db6b39ab2fa56cc81b49f2f92d44e1cdd2f4f266';
    expect(tronAddressFromPublicKey(hexToBytes(onCurve))).toBe('TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT');
    const offCurve = [
      '041cc8ed55001c441a9ca7b42129f025f33ff30ea29dfe88fc9f8ad8826582c73b52d47c475c75da0cc9f64a6462ca57e70a8902a79cccc4e769cc0261c691ce4f',
      '04d3df47d402249892f56295cf08cb70c2e37fc6b9eea01e1b163f4b5608f96c8449b3ea69541a33ff7961bb69af6f98bfca558fe53b9429de3fb8054d29f9c917',
    ];
    for (const publicKeyHex of offCurve) {
      expect(() => tronAddressFromPublicKey(hexToBytes(publicKeyHex))).toThrow(/not a point on secp256k1/);
    }
  });

  it('gives the same address for the compressed and the uncompressed form of a key', () => {
    const privateKeyHex = '2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54';
    expect(addressOfPrivateKey(privateKeyHex, true)).toBe(addressOfPrivateKey(privateKeyHex, false));
  });

  it('refuses keys of the wrong length or off the curve', () => {
    expect(() => tronAddressFromPublicKey(new Uint8Array(64))).toThrow(/33 .* or 65/);
    expect(() => tronAddressFromPublicKey(new Uint8Array(32))).toThrow(/33 .* or 65/);
    const offCurve = new Uint8Array(33).fill(0xff);
    offCurve[0] = 0x02;
    expect(() => tronAddressFromPublicKey(offCurve)).toThrow(/not a point on secp256k1/);
  });
});

describe('deriveDepositAddress (published BIP44 TRON vectors)', () => {
  it('derives the published BIP39 seed (checks the PBKDF2 helper the mnemonic vectors rely on)', () => {
    // trezor/python-mnemonic vectors.json, english[0]; every vector there uses the passphrase "TREZOR".
    expect(Buffer.from(seedFromMnemonic(ABANDON_MNEMONIC, 'TREZOR')).toString('hex')).toBe(
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    );
  });

  // trezor/trezor-firmware python/trezorlib/tests/device_tests/test_msg_tron_get_address.py (test_tron_getaddress).
  it("\"abandon … about\": m/44'/195'/0'/0/0 from the account xpub alone", () => {
    expect(deriveDepositAddress(accountXpubOf(ABANDON_MNEMONIC, 0), 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(deriveDepositAddress(accountXpubOf(ABANDON_MNEMONIC, 1), 0)).toBe('TLrpNTBuCpGMrB9TyVwgEhNVRhtWEQPHh4');
    expect(deriveDepositAddress(accountXpubOf(ABANDON_MNEMONIC, 2), 0)).toBe('TZJ9qkoxUB1SGdbtChgAjUphBmkJwAeBaW');
    expect(deriveDepositAddress(accountXpubOf(ABANDON_MNEMONIC, 1), 1)).toBe('TUT9qMmtJtnjJhpazPaLraWSTaThhBpWyR');
  });

  // trezor/trezor-firmware common/tests/fixtures/tron/get_address.json ("all all … all").
  it("\"all … all\": m/44'/195'/0'/0/{0,1,2} and the first address of accounts 1 and 2", () => {
    const accountXpub = accountXpubOf(ALL_MNEMONIC, 0);
    expect(deriveDepositAddress(accountXpub, 0)).toBe('TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT');
    expect(deriveDepositAddress(accountXpub, 1)).toBe('TFz2CJn9CJb8C4i1Gke3jmZX2fRMJxniH2');
    expect(deriveDepositAddress(accountXpub, 2)).toBe('TQSw9qVAigRwfgPdf7aW4wxbG9tFitexg2');
    expect(deriveDepositAddress(accountXpubOf(ALL_MNEMONIC, 1), 0)).toBe('TNPgkSKfz2xS39fcyfrouz7QPbkkJaDLYv');
    expect(deriveDepositAddress(accountXpubOf(ALL_MNEMONIC, 2), 0)).toBe('TUKx4Z56RMrYWzAu1qoiDSHQTNiSgYHYyF');
  });

  it('accepts every index from 0 to 2^31 − 1 and refuses anything else', () => {
    const accountXpub = accountXpubOf(ALL_MNEMONIC, 0);
    expect(isValidTronAddress(deriveDepositAddress(accountXpub, 2 ** 31 - 1))).toBe(true);
    for (const index of [-1, 1.5, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => deriveDepositAddress(accountXpub, index)).toThrow(/deposit index/);
    }
  });

  it('refuses a malformed xpub with a clear error', () => {
    expect(() => deriveDepositAddress('xpub-not-really', 0)).toThrow(/does not parse/);
    expect(() => deriveDepositAddress(BIP32_VECTOR_1.m_0H_1_2H.slice(0, -1) + 'x', 0)).toThrow(/does not parse/);
    expect(() => deriveDepositAddress('', 0)).toThrow(/extended public key/);
  });
});

describe('account xpub', () => {
  it('accepts an account-level xpub', () => {
    expect(isValidAccountXpub(accountXpubOf(ABANDON_MNEMONIC, 0))).toBe(true);
    expect(isValidAccountXpub(BIP32_VECTOR_1.m_0H_1_2H)).toBe(true);
  });

  it('refuses an xprv: no private key may be configured', () => {
    expect(isValidAccountXpub(BIP32_VECTOR_1.m_0H_1_2H_xprv)).toBe(false);
    expect(() => parseAccountXpub(BIP32_VECTOR_1.m_0H_1_2H_xprv)).toThrow(/private key/);
    expect(() => deriveDepositAddress(BIP32_VECTOR_1.m_0H_1_2H_xprv, 0)).toThrow(/private key/);
    const accountXprv = HDKey.fromMasterSeed(seedFromMnemonic(ABANDON_MNEMONIC)).derive("m/44'/195'/0'").privateExtendedKey;
    expect(() => parseAccountXpub(accountXprv)).toThrow(/private key/);
  });

  it('refuses an xpub of another level, whose addresses the operator wallet would never see', () => {
    expect(() => parseAccountXpub(BIP32_VECTOR_2.m)).toThrow(/account-level/);
    expect(() => parseAccountXpub(BIP32_VECTOR_2.m_0_2147483647H)).toThrow(/account-level/);
    expect(() => parseAccountXpub(BIP32_VECTOR_1.m_0H_1_2H_2)).toThrow(/account-level/);
  });
});

describe('isValidTronAddress', () => {
  const base58check = createBase58check(sha256);

  it('accepts published addresses', () => {
    for (const address of [
      'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
      'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
      'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    ]) {
      expect(isValidTronAddress(address)).toBe(true);
    }
  });

  it('refuses a one-character typo (the checksum fails)', () => {
    expect(isValidTronAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeD')).toBe(false);
    expect(isValidTronAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCuh5tDeC')).toBe(false);
  });

  it('refuses a valid base58check payload with another prefix', () => {
    // A Bitcoin address: 21 bytes with version 0x00 (also rejected in wallet-core's TronAddress.Invalid test).
    expect(isValidTronAddress('175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W')).toBe(false);
    const payload = hexToBytes('428840e6c55b9ada326d211d818c34a994aeced808');
    expect(isValidTronAddress(base58check.encode(payload))).toBe(false);
  });

  it('refuses payloads of the wrong length', () => {
    expect(isValidTronAddress(base58check.encode(hexToBytes('418840e6c55b9ada326d211d818c34a994aeced8')))).toBe(false);
    expect(isValidTronAddress(base58check.encode(hexToBytes('418840e6c55b9ada326d211d818c34a994aeced80800')))).toBe(false);
  });

  it('refuses characters outside the base58 alphabet and other junk', () => {
    expect(isValidTronAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDe0')).toBe(false);
    expect(isValidTronAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeO')).toBe(false);
    expect(isValidTronAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDel')).toBe(false);
    expect(isValidTronAddress(' TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC')).toBe(false);
    expect(isValidTronAddress('418840E6C55B9ADA326D211D818C34A994AECED808')).toBe(false);
    expect(isValidTronAddress('')).toBe(false);
    expect(isValidTronAddress('T'.repeat(10_000))).toBe(false);
    expect(isValidTronAddress(undefined as unknown as string)).toBe(false);
  });
});

describe('hex form', () => {
  // developers.tron.network/docs/account and the TronWeb docs (tronWeb.address.toHex / fromHex example).
  const BASE58 = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
  const HEX = '418840E6C55B9ADA326D211D818C34A994AECED808';

  it('converts the published pair both ways', () => {
    expect(tronAddressToHex(BASE58)).toBe(HEX.toLowerCase());
    expect(tronAddressFromHex(HEX)).toBe(BASE58);
    expect(tronAddressFromHex(HEX.toLowerCase())).toBe(BASE58);
    expect(tronAddressFromHex(`0x${HEX.slice(2)}`)).toBe(BASE58);
  });

  it('round-trips derived addresses', () => {
    const accountXpub = accountXpubOf(ALL_MNEMONIC, 0);
    for (let index = 0; index < 5; index++) {
      const address = deriveDepositAddress(accountXpub, index);
      const hex = tronAddressToHex(address);
      expect(hex).toMatch(/^41[0-9a-f]{40}$/);
      expect(tronAddressFromHex(hex)).toBe(address);
    }
  });

  it('refuses malformed hex and invalid addresses', () => {
    expect(() => tronAddressFromHex(HEX.slice(0, -2))).toThrow(/hex TRON address/);
    expect(() => tronAddressFromHex(`42${HEX.slice(2)}`)).toThrow(/hex TRON address/);
    expect(() => tronAddressFromHex(`0x${HEX}`)).toThrow(/hex TRON address/);
    expect(() => tronAddressFromHex(BASE58)).toThrow(/hex TRON address/);
    expect(() => tronAddressFromHex(`${HEX.slice(0, -1)}g`)).toThrow(/hex TRON address/);
    expect(() => tronAddressToHex('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeD')).toThrow(/not a TRON address/);
  });
});
