import { describe, expect, it } from 'vitest';
import { findIllFormedText, isIllFormedText, storableJsonText, toStorableJson, wellFormedText } from './storable-json.ts';

describe('storable JSON', () => {
  it('replaces lone surrogates and NUL by U+FFFD and keeps paired surrogates (emoji)', () => {
    expect(wellFormedText('a\ud800b')).toBe('a\ufffdb');
    expect(wellFormedText('a\udc00b')).toBe('a\ufffdb');
    expect(wellFormedText('x\u0000y')).toBe('x\ufffdy');
    expect(wellFormedText('ok 😀')).toBe('ok 😀');
    expect(isIllFormedText('😀')).toBe(false);
    expect(isIllFormedText('\ud83d')).toBe(true);
    expect(isIllFormedText('tail \ud83d')).toBe(true);
    expect(isIllFormedText('nul \u0000')).toBe(true);
  });

  it('never writes a \\u escape PostgreSQL refuses', () => {
    const text = storableJsonText({ note: '\ud800', '\udfff key': ['\u0000'] });
    expect(text).not.toMatch(/\\ud[89a-f][0-9a-f]{2}|\\u0000/i);
    expect(JSON.parse(text)).toEqual({ note: '\ufffd', '\ufffd key': ['\ufffd'] });
  });

  it('bounds depth, entries and string length, and marks every cut', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 7000; i += 1) deep = [deep];
    const stored = toStorableJson({ deep }, { maxDepth: 3, maxEntries: 2, maxStringLength: 5 });
    expect(stored).toEqual({ deep: [['[nested too deep]']] });
    expect(toStorableJson([1, 2, 3, 4], { maxDepth: 3, maxEntries: 2, maxStringLength: 5 })).toEqual([1, 2, '[… 2 more items]']);
    expect(toStorableJson({ a: 1, b: 2, c: 3 }, { maxDepth: 3, maxEntries: 2, maxStringLength: 5 })).toEqual({
      a: 1,
      b: 2,
      '…': '1 more keys',
    });
    expect(toStorableJson('abcdefgh', { maxDepth: 3, maxEntries: 2, maxStringLength: 5 })).toBe('abcde[… 3 more characters]');
  });

  it('writes bigints as text, dates as ISO-8601 and leaves out what JSON cannot hold', () => {
    expect(toStorableJson({ paise: 12n, at: new Date(0), gone: undefined, fn: () => 1, nan: Number.NaN })).toEqual({
      paise: '12',
      at: '1970-01-01T00:00:00.000Z',
      nan: null,
    });
  });

  it('finds the path of the first ill-formed string or key', () => {
    expect(findIllFormedText({ a: 'fine', b: ['x', { c: 'bad\ud800' }] })).toEqual(['b', 1, 'c']);
    expect(findIllFormedText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findIllFormedText({ a: ['fine', 1, null] })).toBeNull();
  });
});
