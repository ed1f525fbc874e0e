import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { STORAGE_KEYS, storage } from '../../../shared/lib/storage-keys.ts';
import { useCachedRead } from './use-cached-read.ts';

/**
 * The notice dialog opens by itself unless the player has marked it read and a mobile value is stored
 * (spec §2); closing it sets the read flag. The bell opens it again at any time.
 */
export function useNoticeDialog() {
  // The notices operators wrote for the app's language come with those for every language.
  const lang = useTranslation().i18n.language;
  const data = useCachedRead(`notice-dialog:${lang}`, () => api('/user/getNoticeUrl', { lang }, { isSilent: true }));
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
