import { describe, expect, it } from 'vitest';
import { csvField, csvMoney, toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(null)).toBe('');
  });
  it('writes a BOM, a header and CRLF rows', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
  });
  it('writes money as a number of dollars', () => {
    expect(csvMoney(1250)).toBe(12.5);
    expect(csvMoney(-5)).toBe(-0.05);
  });
});
