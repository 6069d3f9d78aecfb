import { expect, test } from 'vitest';
import { toCsv } from './csv.ts';

test('CSV quotes separators, quotes and line breaks, and defuses formulas', () => {
  const text = toCsv(
    ['a', 'b'],
    [
      ['x,y', 'say "hi"'],
      ['=SUM(A1)', 'line\nbreak'],
      [null, { k: 1 }],
      [-3, '-4'],
    ],
  );
  expect(text).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),"line\nbreak"\r\n,"{""k"":1}"\r\n-3,\'-4\r\n');
});
