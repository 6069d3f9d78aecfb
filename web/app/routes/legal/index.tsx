import { Link } from 'react-router';
import { serverContext } from '#server-context';
import { PageIntro } from '../../components/page/PageIntro';
import { loadSummaries } from '../../content/content.server';
import { legalDocuments } from '../../lib/legal-documents';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/index';
import styles from './index.module.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadSummaries(request, context.get(serverContext), legalDocuments);
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'legal');

/** Every legal document with what it covers, so a visitor can pick the right one. */
export default function LegalOverview({ loaderData }: Route.ComponentProps) {
  const { language, dir, intro, documents } = loaderData;
  return (
    <>
      <PageIntro page="legal" />
      <div lang={language} dir={dir}>
        <p className={styles.intro}>{intro}</p>
        <ul className={styles.documents} data-testid="legal-documents">
          {documents.map((document) => (
            <li key={document.name}>
              <Link to={`/legal/${document.name}`} className={styles.card}>
                <span className={styles.title}>{document.title}</span>
                <span className={styles.summary}>{document.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
