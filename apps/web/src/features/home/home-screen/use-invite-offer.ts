import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useCachedRead } from './use-cached-read.ts';

/** The server's default programme (INVITE_BONUS_RUPEES, INVITE_BONUS_THRESHOLD_RUPEES), shown until the answer arrives. */
const DEFAULT_INVITE = { bonus: '158.00', threshold: '300.00' };

/**
 * The invite bonus in effect today and the recharges it needs, for the built-in invite slide: part of
 * the /home/banners answer, read with the carousel's own key, so home makes no second request and
 * keeps it five minutes like the banners (decision 0023, "Agent programme").
 */
export function useInviteOffer(): { bonus: string; threshold: string } {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCachedRead(`banners:${lang}`, () => api('/home/banners', { lang }))?.invite ?? DEFAULT_INVITE;
}
