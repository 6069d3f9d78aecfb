import type { MetaDescriptor } from 'react-router';
import { i18nFor, type MessageKey } from '../../i18n/config';
import type { RootData } from '../../lib/root-data';

interface MetaSource {
  readonly matches: ReadonlyArray<{ readonly id: string; readonly loaderData: unknown } | undefined>;
}

/** The title of a page outside the spec's page table (console, complaint, decision): never indexed. */
export function privatePageMeta({ matches }: MetaSource, title: MessageKey): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  const { t } = i18nFor(root);
  return [{ title: t('meta.titleTemplate', { title: t(title) }) }, { name: 'robots', content: 'noindex' }];
}
