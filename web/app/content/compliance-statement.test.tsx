import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import type { ServerContext } from '#server-context';
import { buildConfig, parseSettings } from '../../../server/src/config.ts';
import { SiteFooter } from '../components/layout/SiteFooter';
import { ContentPage } from '../components/legal/ContentPage';
import { sourceMessages } from '../i18n/messages';
import { I18nProvider } from '../i18n/react';
import { createTranslator } from '../i18n/translate';
import { loadPageContent } from './content.server';

/** The 18 U.S.C. 2257 compliance statement names the configured custodian of records, and every page's footer links it. */
const { legal } = buildConfig(
  parseSettings({
    RECORDS_CUSTODIAN_NAME: 'Jana Nováková, Custodian of Records',
    RECORDS_CUSTODIAN_ADDRESS: 'Náměstí 1, 110 00 Praha',
    RECORDS_CUSTODIAN_EMAIL: 'records@velvet.example',
  }),
);
const server = { defaultLocale: 'en-US', legal, uploadLimits: {} } as unknown as ServerContext;

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider translator={createTranslator('en-US', sourceMessages)}>{node}</I18nProvider>
    </MemoryRouter>,
  );

test('the statement names the custodian of records with address and e-mail from the settings', async () => {
  const content = await loadPageContent(new Request('http://velvet.test/legal/terms2257'), server, 'terms2257');
  const html = render(<ContentPage content={content} variant="legal" />);
  const custodian = html.slice(html.indexOf('id="custodian"'));
  expect(custodian).toContain('Jana Nováková, Custodian of Records');
  expect(custodian).toContain('Náměstí 1, 110 00 Praha');
  expect(custodian).toContain('records@velvet.example');
});

test('every page footer links the 2257 statement', () => {
  expect(render(<SiteFooter placement="page" />)).toMatch(/<a[^>]+href="\/legal\/terms2257"[^>]*>2257 statement<\/a>/);
});
