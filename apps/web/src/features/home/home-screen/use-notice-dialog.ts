import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/api/api.ts';
import { queryKeys } from '../../../shared/api/queries.ts';
import { STORAGE_KEYS, storage } from '../../../shared/lib/storage-keys.ts';

/**
 * The notice dialog opens by itself unless the player has marked it read and a mobile value is stored
 * (spec §2); closing it sets the read flag. The bell opens it again at any time.
 */
export function useNoticeDialog() {
  const { data } = useQuery({
    queryKey: queryKeys.noticeDialog,
    queryFn: ({ signal }) => api('/user/getNoticeUrl', {}, { signal, isSilent: true }),
    staleTime: 5 * 60_000,
  });
  const notice = data?.[0];
  const [shouldAutoOpen, setShouldAutoOpen] = useState(
    () => !(storage.get(STORAGE_KEYS.readNotice) && storage.get(STORAGE_KEYS.mobile)),
  );
  const [isOpenedByBell, setIsOpenedByBell] = useState(false);

  return {
    notice,
    // The automatic opening waits for a notice to show; the bell opens even when there is none.
    isOpen: isOpenedByBell || (shouldAutoOpen && notice !== undefined),
    open: () => setIsOpenedByBell(true),
    close: () => {
      storage.set(STORAGE_KEYS.readNotice, '1');
      setShouldAutoOpen(false);
      setIsOpenedByBell(false);
    },
  };
}
