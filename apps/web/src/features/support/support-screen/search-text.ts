// The help centre's search: what a player types is compared with the questions and answers in a form
// that ignores case, accents and the marks that keyboards often leave out, in every script the app
// speaks. Marks that spell a different word (the vowel signs of Devanagari and Sinhala) are kept.

// Letters that are not a base letter plus a combining mark, so decomposition alone does not reach them.
const LETTER_FOLDS: Record<string, string> = {
  đ: 'd',
  ł: 'l',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ı: 'i',
  // Arabic: the forms of alef with hamza or madda, alef maqsura and ta marbuta are commonly typed plainly.
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
  ؤ: 'و',
  ئ: 'ي',
};
const LETTER_FOLD_PATTERN = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

// Indic scripts from Devanagari (U+0900) to Sinhala (U+0DFF): their vowel signs are spelling, not accents.
const INDIC_BLOCK = /[\u0900-\u0DFF]/;
const DEVANAGARI_NUKTA = '\u093C';
const DEVANAGARI_CANDRABINDU = '\u0901';
const DEVANAGARI_ANUSVARA = '\u0902';
const ARABIC_TATWEEL = '\u0640';

/** `text` folded for comparison: compatibility forms, case, accents, Arabic harakat and letter variants. */
export function foldForSearch(text: string): string {
  const decomposed = text.normalize('NFKC').toLowerCase().normalize('NFD');
  let folded = '';
  for (const character of decomposed) {
    if (character === DEVANAGARI_NUKTA || character === ARABIC_TATWEEL) continue;
    if (character === DEVANAGARI_CANDRABINDU) {
      folded += DEVANAGARI_ANUSVARA;
      continue;
    }
    if (/\p{M}/u.test(character) && !INDIC_BLOCK.test(character)) continue;
    folded += character;
  }
  return (
    folded
      .normalize('NFC')
      .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter)
      // "e-mail" and "email", "T+1" and "t 1" are the same search; other punctuation separates words.
      .replace(/\p{Pd}/gu, '')
      .replace(/[\s\p{P}\p{S}]+/gu, ' ')
      .trim()
  );
}

/** The words of a query, folded; an empty list when it holds nothing to search for. */
export function queryTerms(query: string): string[] {
  return foldForSearch(query).split(' ').filter(Boolean);
}

/**
 * Whether every term occurs somewhere in the folded text. Terms match inside words, so a query in a
 * script written without spaces (Chinese) or a word's beginning ("withdr") still finds its answer.
 */
export function matchesTerms(foldedText: string, terms: readonly string[]): boolean {
  return terms.every((term) => foldedText.includes(term));
}

export type SearchableEntry = { id: string; question: string; answer: string };
export type SearchableSection = { id: string; title: string; entries: SearchableEntry[] };

/**
 * The sections and questions a query finds: a section whose title matches keeps all its questions,
 * otherwise only the questions whose text (question or answer) matches; sections left empty are dropped.
 * An empty query finds everything.
 */
export function searchSections<Section extends SearchableSection>(sections: readonly Section[], query: string): Section[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [...sections];
  return sections.flatMap((section) => {
    if (matchesTerms(foldForSearch(section.title), terms)) return [section];
    const entries = section.entries.filter((entry) => matchesTerms(foldForSearch(`${entry.question} ${entry.answer}`), terms));
    return entries.length > 0 ? [{ ...section, entries }] : [];
  });
}
