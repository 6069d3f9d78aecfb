import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { configTable } from './config-doc.ts';

test('the README documents every setting exactly as the schema defines it', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const documented = readme.split('<!-- config:start -->')[1]?.split('<!-- config:end -->')[0]?.trim();
  expect(documented, 'run `npm run config:doc` and paste the table into README.md').toBe(configTable());
});
