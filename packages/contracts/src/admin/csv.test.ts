import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('the console’s CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas but not signed amounts', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+91 98765')).toBe("'+91 98765");
    expect(csvCell('-150.00')).toBe('-150.00');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('writes a header and rows with CRLF', () => {
    expect(toCsv(['day', 'amount'], [['2026-11-24', '10.00']])).toBe('day,amount\r\n2026-11-24,10.00\r\n');
  });
});
