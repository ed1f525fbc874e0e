// The least a production node needs to start: real secrets' lengths and a real payment gateway, so
// that a test of what production refuses or hides fails only on what it is about.

export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  CODE_SECRET: 'c'.repeat(32),
  PAYMENT_GATEWAY: 'gateway-hmac',
  GATEWAY_URL: 'http://127.0.0.1:9',
  GATEWAY_MERCHANT_ID: 'merchant',
  GATEWAY_SECRET: 'g'.repeat(32),
};
