import type { Config } from '../../../platform/config.ts';
import type { CodeSender } from './code-delivery.ts';

const TIMEOUT_MS = 10_000;

/**
 * Hands the message to an operator-configured HTTP webhook (most SMS gateways accept a JSON POST);
 * any non-2xx answer counts as not delivered.
 */
export function smsHttpSender(settings: Config['codeDelivery']['smsHttp']): CodeSender {
  if (!settings.url) throw new Error('SMS_HTTP_URL is required when a channel uses the sms-http provider');
  return {
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (settings.authHeader) headers.authorization = settings.authHeader;
      const response = await fetch(settings.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: message.destination, channel: message.channel, text: message.text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS webhook answered HTTP ${response.status}`);
    },
  };
}
