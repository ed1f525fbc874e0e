import { createHmac, timingSafeEqual } from 'node:crypto';

// The wallet API's signature (docs/provider-wallet-api.md), written here from the documentation alone:
// hex HMAC-SHA256 of "<unix seconds>.<raw body>" in `x-signature`, the seconds in `x-signature-timestamp`.

export function sign(secret: string, timestampSeconds: number, text: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${text}`).digest('hex');
}

export function signedHeaders(secret: string, text: string): Record<string, string> {
  const timestampSeconds = Math.floor(Date.now() / 1000);
  return { 'x-signature-timestamp': String(timestampSeconds), 'x-signature': sign(secret, timestampSeconds, text) };
}

export function isSignedBy(
  secret: string,
  timestamp: string | null | undefined,
  signature: string | null | undefined,
  text: string,
): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(Date.now() - Number(timestamp) * 1000) > 5 * 60_000) return false;
  return timingSafeEqual(Buffer.from(sign(secret, Number(timestamp), text), 'hex'), Buffer.from(signature, 'hex'));
}
