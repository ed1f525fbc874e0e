import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import sinhala400 from '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff2?url';
import sinhala700 from '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff2?url';

// Hindi and Sinhala render as boxes on devices without the script's font, so the app brings its own:
// the Noto families from npm (@fontsource), the script's subset only, weights 400 and 700, woff2 only.
// This module is imported only when one of those languages is chosen (i18n.ts), so no other locale,
// and not the home route's budget, pays for it. The family names are already in --font-sans
// (styles/tokens.css); a device that has the font installed uses its own (local() first).

type ScriptFont = { family: string; unicodeRange: string; files: Record<'400' | '700', string> };

export const SCRIPT_FONTS = {
  hi: {
    family: 'Noto Sans Devanagari',
    unicodeRange: 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF',
    files: { '400': devanagari400, '700': devanagari700 },
  },
  si: {
    family: 'Noto Sans Sinhala',
    unicodeRange: 'U+0964-0965, U+0D81-0DF4, U+1CF2, U+200C-200D, U+25CC, U+111E1-111F4',
    files: { '400': sinhala400, '700': sinhala700 },
  },
} as const satisfies Record<string, ScriptFont>;

export type ScriptLocale = keyof typeof SCRIPT_FONTS;

/** Registers the locale's script font (font-display: swap: text shows at once in a fallback, then swaps). */
export function addScriptFont(locale: ScriptLocale): Promise<void> {
  const font = SCRIPT_FONTS[locale];
  const faces = (['400', '700'] as const).map((weight) => {
    const face = new FontFace(font.family, `local('${font.family}'), url(${font.files[weight]}) format('woff2')`, {
      weight,
      style: 'normal',
      display: 'swap',
      unicodeRange: font.unicodeRange,
    });
    document.fonts.add(face);
    return face;
  });
  // The regular weight is what most text uses: fetch it now rather than when the first glyph is laid out.
  return faces[0]!.load().then(() => undefined);
}
