// The links a home banner may open, apart from the image rules (banner-rules.ts) so the player app's
// home, which needs only these, does not bring the image header reader into its first script.

export const BANNER_LINK_MAX_LENGTH = 500;

/**
 * A link a banner may open: an https:// address (opened in a new tab) or a path of the player app
 * (`/activity`, `/promotion?tab=2`), opened in the app. Nothing else: no javascript:, data: or http:,
 * no `//host` (another site), no spaces, quotes or angle brackets.
 */
export function isBannerLink(value: string): boolean {
  if (value.length === 0 || value.length > BANNER_LINK_MAX_LENGTH) return false;
  if (/^https:\/\/[^\s"'<>\\/]+(\/[^\s"'<>\\]*)?$/.test(value)) return true;
  return /^\/(?![/\\])[A-Za-z0-9\-._~%!$&()*+,;=:@/?#]*$/.test(value);
}

/** Whether a banner link opens inside the player app (a path) rather than another site. */
export function isInAppBannerLink(value: string): boolean {
  return value.startsWith('/');
}
