import { isSignedBy, signedHeaders } from './signing.ts';

// The studio's side of the seamless wallet: every bet and win of our games is a signed call to the
// operator's wallet. A call that times out or fails with a 5xx is sent again with the same
// transaction id (the wallet applies each id once), up to a few times.

export type WalletSettings = { baseUrl: string; apiKey: string; secret: string };

export type WalletReply =
  | { status: 'ok'; balance: string; currency: string; [key: string]: unknown }
  | { status: 'error'; code: string; message: string; balance?: string };

const ATTEMPTS = 4;
const TIMEOUT_MS = 5_000;

export async function callWallet(settings: WalletSettings, action: string, body: Record<string, unknown>): Promise<WalletReply> {
  const text = JSON.stringify(body);
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetch(`${settings.baseUrl}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': settings.apiKey, ...signedHeaders(settings.secret, text) },
        body: text,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = await response.text();
      if (
        !isSignedBy(settings.secret, response.headers.get('x-signature-timestamp'), response.headers.get('x-signature'), answer)
      )
        throw new Error(`wallet ${action}: the answer is not signed by the operator (HTTP ${response.status})`);
      if (response.status >= 500) throw new Error(`wallet ${action}: HTTP ${response.status} ${answer}`);
      return JSON.parse(answer) as WalletReply;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
