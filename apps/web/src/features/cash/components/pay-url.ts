/**
 * The payment page's address when it is one a browser may be sent to: an absolute or same-site
 * http(s) address. Anything else (a `javascript:` or `data:` address) is refused rather than opened.
 */
export function safePayUrl(payUrl: string, pageOrigin: string): string | null {
  try {
    const url = new URL(payUrl, pageOrigin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
