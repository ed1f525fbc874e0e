/** What stands in for the hidden characters: always four, so the mask does not tell the length either. */
const HIDDEN = '••••';

/**
 * A subordinate's login as their agent may see it (spec §7 `/starAgent/findDownByPage`): enough to
 * recognise a person they invited, never enough to contact them. A mobile keeps its first 2 and last
 * 4 digits ("98••••3210"); an e-mail keeps the first 2 characters of its local part and the domain
 * ("pl••••@gmail.com"). A short value keeps less, so that a mask never shows a whole login.
 */
export function maskAccount(account: { mobile: string | null; email: string | null }): string {
  if (account.mobile) return maskMobile(account.mobile);
  if (account.email) return maskEmail(account.email);
  return HIDDEN;
}

function maskMobile(mobile: string): string {
  const digits = Array.from(mobile);
  // Ten-digit Indian numbers are the rule; anything shorter than eight would show half of itself or more.
  if (digits.length < 8) return HIDDEN + digits.slice(-2).join('');
  return digits.slice(0, 2).join('') + HIDDEN + digits.slice(-4).join('');
}

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return HIDDEN;
  const local = Array.from(email.slice(0, at));
  // A local part of one or two characters keeps one less than it has, so it is never shown whole.
  const shown = local.slice(0, Math.min(2, local.length - 1)).join('');
  return shown + HIDDEN + email.slice(at);
}
