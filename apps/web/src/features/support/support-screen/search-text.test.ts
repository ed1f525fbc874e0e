import { describe, expect, it } from 'vitest';
import { foldForSearch, queryTerms, searchSections } from './search-text.ts';

// The help centre's search must find an answer however the player types the words: with or without
// accents, in any case, with Arabic vowel marks or plain letters, in full-width characters, and in
// scripts without spaces; and it must not find answers that do not contain what was typed.

const sections = [
  {
    id: 'withdrawals',
    title: 'Retraits',
    entries: [
      {
        id: 'how',
        question: 'Comment retirer mon argent ?',
        answer: 'Ouvrez Retrait et choisissez votre carte bancaire ou votre e-mail.',
      },
      { id: 'time', question: 'Combien de temps ?', answer: 'Le délai dépend de la banque.' },
    ],
  },
  {
    id: 'usdt',
    title: 'USDT',
    entries: [{ id: 'address', question: 'Pourquoi l’adresse change-t-elle ?', answer: 'Chaque adresse ne sert qu’une fois.' }],
  },
];

describe('foldForSearch', () => {
  it('ignores case and Latin accents (French, Portuguese, Spanish, Italian, Vietnamese)', () => {
    expect(foldForSearch('Délai DÉPÔT')).toBe(foldForSearch('delai depot'));
    expect(foldForSearch('Saque Pix São')).toBe('saque pix sao');
    expect(foldForSearch('Rút tiền Đồng')).toBe('rut tien dong');
    expect(foldForSearch('œuvre')).toBe('oeuvre');
  });

  it('ignores Cyrillic diacritics (ё and е, й and и)', () => {
    expect(foldForSearch('Ещё вывод')).toBe(foldForSearch('еще вывод'));
  });

  it('ignores Arabic harakat, tatweel and the alef, ya and ta marbuta variants', () => {
    expect(foldForSearch('السَّحْبُ')).toBe(foldForSearch('السحب'));
    expect(foldForSearch('إيداع')).toBe(foldForSearch('ايداع'));
    expect(foldForSearch('الشكـــوى')).toBe(foldForSearch('الشكوي'));
    expect(foldForSearch('محفظة')).toBe(foldForSearch('محفظه'));
  });

  it('keeps the vowel signs of Devanagari and Sinhala, which change the word, but forgives nukta and candrabindu', () => {
    expect(foldForSearch('जमा')).not.toBe(foldForSearch('जम'));
    expect(foldForSearch('तँ')).toBe(foldForSearch('तं'));
    expect(foldForSearch('ज़मा')).toBe(foldForSearch('जमा'));
    expect(foldForSearch('මුදල්')).not.toBe(foldForSearch('මදල'));
  });

  it('reads full-width letters and digits as ordinary ones', () => {
    expect(foldForSearch('ＵＳＤＴ　１００')).toBe('usdt 100');
  });

  it('treats a hyphen as nothing and other punctuation as a space', () => {
    expect(foldForSearch('e-mail')).toBe('email');
    expect(foldForSearch('Telegram, WhatsApp?')).toBe('telegram whatsapp');
  });
});

describe('queryTerms', () => {
  it('finds nothing to search for in blank or punctuation-only input', () => {
    expect(queryTerms('   ')).toEqual([]);
    expect(queryTerms(' ?! ')).toEqual([]);
  });
});

describe('searchSections', () => {
  it('returns every section for an empty query', () => {
    expect(searchSections(sections, '')).toEqual(sections);
  });

  it('finds a question by a word of its answer typed without accents, and only that question', () => {
    const found = searchSections(sections, 'DELAI banque');
    expect(found.map((section) => section.id)).toEqual(['withdrawals']);
    expect(found[0]!.entries.map((entry) => entry.id)).toEqual(['time']);
  });

  it('needs every word of the query and matches inside words', () => {
    expect(searchSections(sections, 'retir carte')[0]!.entries.map((entry) => entry.id)).toEqual(['how']);
    expect(searchSections(sections, 'retirer bitcoin')).toEqual([]);
  });

  it('keeps all of a section whose title matches', () => {
    expect(searchSections(sections, 'ｕｓｄｔ')).toEqual([sections[1]]);
  });

  it('finds text in scripts without spaces by any part of it', () => {
    const chinese = [
      { id: 'usdt', title: '充值', entries: [{ id: 'a', question: '为什么每次地址都不同？', answer: '每个地址只用一次。' }] },
    ];
    expect(searchSections(chinese, '地址')).toHaveLength(1);
    expect(searchSections(chinese, '提现')).toEqual([]);
  });

  it('finds Arabic and Hindi text as players type it', () => {
    const arabic = [
      { id: 'w', title: 'السحب', entries: [{ id: 'a', question: 'كيف أسحب أموالي؟', answer: 'افتح صفحة السَّحْب.' }] },
    ];
    expect(searchSections(arabic, 'اسحب')[0]!.entries).toHaveLength(1);
    const hindi = [{ id: 'd', title: 'जमा', entries: [{ id: 'a', question: 'UPI से पैसे कैसे जमा करें?', answer: 'रिचार्ज खोलें।' }] }];
    expect(searchSections(hindi, 'पैसे upi')[0]!.entries).toHaveLength(1);
    expect(searchSections(hindi, 'निकासी')).toEqual([]);
  });
});
