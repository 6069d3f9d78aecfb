import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ContentBlock, CookieRow, PageContent, PlaceholderValues } from '../../lib/legal-documents';
import styles from './ContentPage.module.css';
import { CookieTable } from './CookieTable';
import { RichText } from './RichText';

interface ContentPageProps {
  readonly content: PageContent;
  /** `legal`: numbered sections under a table of contents; `page`: a product page with its calls to action. */
  readonly variant: 'legal' | 'page';
  readonly cookies?: readonly CookieRow[];
  /** Controls shown at the end of a section, by section id (the verification request on /creators). */
  readonly sectionExtras?: Readonly<Record<string, ReactNode>>;
}

/** A long text from web/app/content in its own language and direction, with an anchor on every section. */
export function ContentPage({ content, variant, cookies = [], sectionExtras = {} }: ContentPageProps) {
  const { document, labels, values, language, dir, updated } = content;
  return (
    <article lang={language} dir={dir} className={styles.document} data-variant={variant}>
      <header className={styles.header}>
        <h1 className={styles.title}>{document.title}</h1>
        <p className={styles.summary}>{document.summary}</p>
        {updated && document.updated && (
          <p className={styles.updated}>
            <time dateTime={document.updated}>{updated}</time>
          </p>
        )}
      </header>

      {variant === 'legal' && (
        <nav aria-labelledby="contents-heading" className={styles.contents}>
          <h2 id="contents-heading" className={styles.contentsHeading}>
            {labels.contents}
          </h2>
          <ol className={styles.contentsList}>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      <div className={styles.sections}>
        {document.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className={styles.section}>
            <div className={styles.headingRow}>
              <h2 id={`${section.id}-heading`} className={styles.heading}>
                {section.heading}
              </h2>
              {/* Beside the heading, not inside it, so the heading's accessible name stays its text. */}
              <a href={`#${section.id}`} className={styles.anchor} aria-label={`${labels.sectionLink}: ${section.heading}`}>
                #
              </a>
            </div>
            {section.blocks.map((block) => (
              <Block key={blockKey(block)} block={block} values={values} content={content} cookies={cookies} />
            ))}
            {sectionExtras[section.id]}
          </section>
        ))}
      </div>

      {document.actions && (
        <div className={styles.actions}>
          {document.actions.map((action, index) => (
            <Link key={action.href} to={action.href} className={index === 0 ? styles.primaryAction : styles.secondaryAction}>
              {action.label}
            </Link>
          ))}
        </div>
      )}

      {variant === 'legal' && (
        <p className={styles.backToTop}>
          <a href="#content">{labels.backToTop}</a>
        </p>
      )}
    </article>
  );
}

/** Blocks are fixed text, so the text itself identifies one within its section. */
function blockKey(block: ContentBlock): string {
  return typeof block === 'string' ? block : JSON.stringify(block);
}

interface BlockProps {
  readonly block: ContentBlock;
  readonly values: Partial<PlaceholderValues>;
  readonly content: PageContent;
  readonly cookies: readonly CookieRow[];
}

function Block({ block, values, content, cookies }: BlockProps) {
  if (typeof block === 'string') {
    return (
      <p className={styles.paragraph}>
        <RichText text={block} values={values} />
      </p>
    );
  }
  if ('list' in block || 'steps' in block) {
    const items = 'list' in block ? block.list : block.steps;
    const List = 'list' in block ? 'ul' : 'ol';
    return (
      <List className={'list' in block ? styles.list : styles.steps}>
        {items.map((item) => (
          <li key={item}>
            <RichText text={item} values={values} />
          </li>
        ))}
      </List>
    );
  }
  if ('note' in block) {
    return (
      <p className={styles.note}>
        <RichText text={block.note} values={values} />
      </p>
    );
  }
  return (
    <CookieTable
      rows={cookies}
      labels={content.document.cookiePurposes ?? {}}
      headings={content.labels.cookieTable}
      values={values}
    />
  );
}
