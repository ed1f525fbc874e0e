import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';

/** The operator's contact channels for the app's language; they change rarely, so one fetch a visit is enough. */
export function useSupportChannels() {
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: ['support-channels', lang],
    queryFn: ({ signal }) => api('/user/getSupportChannels', { lang }, { signal, isSilent: true }),
    staleTime: 10 * 60_000,
  });
}
