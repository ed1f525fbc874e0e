import { z } from 'zod';

// Content operators edit per language (notices, the announcement strip, the notice dialog's links,
// support contacts): the player app's eleven locales (apps/web/src/shared/i18n/languages.ts holds the
// same list for the app's language switch), and the `lang` a player request may carry to pick them.

export const CONTENT_LOCALES = ['en-US', 'ar', 'fr', 'pt', 'es', 'vi', 'si', 'hi', 'it', 'ru', 'zh'] as const;
export type TContentLocale = (typeof CONTENT_LOCALES)[number];

/** The app's language in a player request; anything else (or nothing) means "content for every language". */
export const zContentLang = z
  .unknown()
  .transform((value): TContentLocale | undefined =>
    (CONTENT_LOCALES as readonly unknown[]).includes(value) ? (value as TContentLocale) : undefined,
  )
  .optional();
