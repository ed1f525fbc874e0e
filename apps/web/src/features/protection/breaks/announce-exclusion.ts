import type { TExclusion } from '@mayur/contracts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { notify } from '../../../shared/ui/notify.ts';

/**
 * Says at log-in why bets, recharges and gift codes are closed, when the log-in answered with a
 * running time-out or self-exclusion. Its words are in `common`, which every screen has loaded.
 */
export function announceExclusion(exclusion: TExclusion | null | undefined): void {
  if (!exclusion || Date.parse(exclusion.endsAt) <= Date.now()) return;
  const endsAt = formatDateTime(exclusion.endsAt, i18n.language);
  const key = exclusion.kind === 'timeout' ? 'refusals.timeout' : 'refusals.selfExclusion';
  notify.info(i18n.t(key, { endsAt }), { id: 'exclusion' });
}
