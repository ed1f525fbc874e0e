import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/** The operator's contact channels; they change only with the server's settings, so one fetch a visit is enough. */
export function useSupportChannels() {
  return useQuery({
    queryKey: ['support-channels'],
    queryFn: ({ signal }) => api('/user/getSupportChannels', {}, { signal, isSilent: true }),
    staleTime: 10 * 60_000,
  });
}
