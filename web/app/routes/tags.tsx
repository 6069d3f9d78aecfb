import { serverContext } from '#server-context';
import styles from '../components/discovery/discovery.module.css';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import type { AlphabetSection, TagView } from '../components/discovery/discovery-types';
import { CategoryCards, TagChips } from '../components/discovery/TagCards';
import cards from '../components/discovery/TagCards.module.css';
import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { useTranslation } from '../i18n/react';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/tags';

export const handle: RouteHandle = { layout: 'default' };

/** Spec §7: the alphabet lists tags used 90 times or more; a young site falls back to the 30 minimum. */
const ALPHABET_MINIMUMS = [90, 30];

export async function loader({ request, context }: Route.LoaderArgs) {
  const reader = readerContext(request, context.get(serverContext));
  const [categories, topHits, popular] = await Promise.all([
    loadFromApi<{ tags: TagView[] }>(reader, `/api/tag/category?limit=60&lgbt=${reader.lgbt}`),
    loadFromApi<{ tags: TagView[] }>(reader, `/api/tag/tophits?lgbt=${reader.lgbt}`),
    loadFromApi<{ tags: TagView[] }>(reader, `/api/tag/popular?lgbt=${reader.lgbt}`),
  ]);
  let alphabet: AlphabetSection[] = [];
  for (const minUsage of ALPHABET_MINIMUMS) {
    alphabet = (
      await loadFromApi<{ alphabet: AlphabetSection[] }>(reader, `/api/tag/alphabet?minUsage=${minUsage}&lgbt=${reader.lgbt}`)
    ).alphabet;
    if (alphabet.length > 0) break;
  }
  return { categories: categories.tags, topHits: topHits.tags, popular: popular.tags, alphabet };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'tags');

export default function Tags({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories, topHits, popular, alphabet } = loaderData;
  return (
    <div className={styles.page}>
      <PageIntro page="tags" />
      {categories.length > 0 && (
        <section className={styles.section} aria-labelledby="tag-categories">
          <h2 id="tag-categories" className={styles.sectionTitle}>
            {t('discovery.tags.categories')}
          </h2>
          <CategoryCards tags={categories} label={t('discovery.tags.categories')} />
        </section>
      )}
      {topHits.length > 0 && (
        <section className={styles.section} aria-labelledby="tag-trending">
          <h2 id="tag-trending" className={styles.sectionTitle}>
            {t('discovery.tags.trending')}
          </h2>
          <TagChips tags={topHits} label={t('discovery.tags.trending')} />
        </section>
      )}
      {alphabet.length > 0 ? (
        <section className={styles.section} aria-labelledby="tag-alphabet">
          <h2 id="tag-alphabet" className={styles.sectionTitle}>
            {t('discovery.tags.alphabet')}
          </h2>
          <nav aria-label={t('discovery.tags.letters')}>
            <ul className={cards.letters}>
              {alphabet.map((section) => (
                <li key={section.letter}>
                  <a className={cards.letter} href={`#letter-${encodeURIComponent(section.letter)}`}>
                    {section.letter}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className={cards.alphabet}>
            {alphabet.map((section) => (
              <section key={section.letter} id={`letter-${encodeURIComponent(section.letter)}`} className={cards.letterSection}>
                <h3 className={cards.letterHeading}>{section.letter}</h3>
                <TagChips tags={section.tags} label={t('discovery.tags.startingWith', { letter: section.letter })} counts />
              </section>
            ))}
          </div>
        </section>
      ) : (
        popular.length > 0 && (
          <section className={styles.section} aria-labelledby="tag-popular">
            <h2 id="tag-popular" className={styles.sectionTitle}>
              {t('discovery.tags.popular')}
            </h2>
            <TagChips tags={popular} label={t('discovery.tags.popular')} counts />
          </section>
        )
      )}
    </div>
  );
}
