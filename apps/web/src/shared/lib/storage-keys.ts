/** Every key the web app keeps in localStorage (spec §3). */
export const STORAGE_KEYS = {
  /** The session token sent as the Authorization header. */
  token: 'token',
  /** A token handed over in the page address (`?token=`), kept as received. */
  loginToken: 'loginToken',
  /** Set once the player has closed the notice dialog. */
  readNotice: 'readNotice',
  /** The mobile number or e-mail address of the signed-in player. */
  mobile: 'mobile',
  /** The chosen interface locale, e.g. "ar". */
  language: 'language',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage that degrades to nothing when storage is blocked (private mode, sandboxed frames). */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage is unavailable; the value simply does not persist.
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};
