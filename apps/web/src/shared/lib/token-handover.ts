/**
 * Token handover (spec §1): a page address may carry `?token=<token>/<anything>`. Only the part before
 * the first slash is the token; the rest is ignored.
 */
export function readHandoverToken(search: string): string | null {
  const raw = new URLSearchParams(search).get('token');
  if (raw === null) return null;
  const token = raw.split('/', 1)[0]?.trim() ?? '';
  return token === '' ? null : token;
}

/** The same address without its `token` parameter, so the token does not linger in history or links. */
export function withoutTokenParameter(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}
