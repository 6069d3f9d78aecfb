import type { MetaDescriptor } from 'react-router';
import type { PageKey } from '../../i18n/config';
import type { PageContent } from '../../lib/legal-documents';
import { cutDescription, pageMeta } from '../../lib/meta';

type MetaArgs = Parameters<typeof pageMeta>[0] & { readonly loaderData: unknown };

/**
 * pageMeta for a content page, with the document's own summary as the (longer) description. A page kept
 * out of search results (`indexed: false`, as /unsupported, which the sitemap leaves out too) gets its
 * title, description and `noindex` only: the canonical address, 23 language alternates and share tags
 * serve indexing and sharing, and would be a fifth of such a small page.
 */
export function contentMeta(args: MetaArgs, page: PageKey, { indexed = true } = {}): MetaDescriptor[] {
  const summary = (args.loaderData as Pick<PageContent, 'document'> | undefined)?.document.summary;
  const description = summary && cutDescription(summary);
  const tags = description
    ? pageMeta(args, page, undefined, [
        { name: 'description', content: description },
        { property: 'og:description', content: description },
      ])
    : pageMeta(args, page);
  if (indexed) return tags;
  return [
    ...tags.filter((tag) => 'title' in tag || ('name' in tag && tag.name === 'description')),
    { name: 'robots', content: 'noindex' },
  ];
}
