import { expect, test } from 'vitest';
import type { Statement } from '../moderation/admin-types';
import { olderStatementsPath, STATEMENTS_PAGE } from './statement-pages';

const statement = (id: number) => ({ id }) as Statement;
const page = (from: number, length: number) => Array.from({ length }, (_, index) => statement(from - index));

test('a full page asks for the statements before its last one; a short or empty page ends the list', () => {
  expect(olderStatementsPath(page(100, STATEMENTS_PAGE), STATEMENTS_PAGE)).toBe(
    `/api/enforcement/statements?before=${100 - STATEMENTS_PAGE + 1}`,
  );
  expect(olderStatementsPath(page(100, STATEMENTS_PAGE + 5), 5)).toBeNull();
  expect(olderStatementsPath([], 0)).toBeNull();
});
