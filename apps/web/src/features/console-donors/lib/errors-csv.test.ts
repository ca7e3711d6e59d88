import { describe, expect, it } from 'vitest';
import { errorsToCsv } from './errors-csv.ts';

describe('errorsToCsv', () => {
  it('writes a header and one line per error, quoting commas and quotes and defusing formulas', () => {
    const csv = errorsToCsv([
      { row: 2, field: 'eye_color', error: 'must be one of: blue, brown' },
      { row: 5, field: 'essay', error: 'is "too" long' },
      { row: 7, field: '=cmd', error: 'unknown column' },
    ]);
    expect(csv).toBe(
      'row,field,error\r\n2,eye_color,"must be one of: blue, brown"\r\n5,essay,"is ""too"" long"\r\n' +
        "7,'=cmd,unknown column\r\n",
    );
  });
});
