import type { MetaDescriptor } from 'react-router';
import type { PageKey } from '../../i18n/config';
import type { PageContent } from '../../lib/legal-documents';
import { cutDescription, pageMeta } from '../../lib/meta';

type MetaArgs = Parameters<typeof pageMeta>[0] & { readonly loaderData: unknown };

/** pageMeta for a content page, with the document's own summary as the (longer) description. */
export function contentMeta(args: MetaArgs, page: PageKey): MetaDescriptor[] {
  const summary = (args.loaderData as Pick<PageContent, 'document'> | undefined)?.document.summary;
  if (!summary) return pageMeta(args, page);
  const description = cutDescription(summary);
  return pageMeta(args, page, undefined, [
    { name: 'description', content: description },
    { property: 'og:description', content: description },
  ]);
}
