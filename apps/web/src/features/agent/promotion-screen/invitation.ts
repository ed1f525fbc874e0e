/**
 * The QR code's SVG markup from the server as an image address. Shown through <img>, the markup is
 * only ever drawn as a picture: scripts or links inside it cannot run, unlike markup put in the page.
 */
export function svgImageSource(svgMarkup: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgMarkup)}`;
}

export type InvitationShare = { title: string; text: string; url: string };

type ShareCapableNavigator = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
};

/** Whether this browser can open the system share sheet for the invitation (Web Share API). */
export function canShareInvitation(browser: ShareCapableNavigator | undefined, invitation: InvitationShare): boolean {
  if (typeof browser?.share !== 'function') return false;
  // Browsers without canShare accept any text and URL that share() does.
  return typeof browser.canShare !== 'function' || browser.canShare(invitation);
}

/** A share the player closed without choosing an app rejects with AbortError; it is not a failure to report. */
export function isShareCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}
