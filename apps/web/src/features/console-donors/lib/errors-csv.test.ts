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

  it('defuses every formula lead OWASP lists: tab, carriage return and the full-width signs too', () => {
    const csv = errorsToCsv([
      { row: 1, field: '\t=1+1', error: 'x' },
      { row: 2, field: '\r=1+1', error: 'x' },
      { row: 3, field: '\uFF1D1+1', error: '\uFF0B1' },
      { row: 4, field: '\uFF0D1', error: '\uFF20SUM(A1)' },
    ]);
    const cells = csv.split('\r\n').slice(1, 5);
    expect(cells).toEqual(["1,'\t=1+1,x", '2,"\'\r=1+1",x', "3,'\uFF1D1+1,'\uFF0B1", "4,'\uFF0D1,'\uFF20SUM(A1)"]);
  });
});
