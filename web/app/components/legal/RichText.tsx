import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PlaceholderValues } from '../../lib/legal-documents';

/**
 * The inline markup of the content files, turned into React elements (never HTML strings):
 * [label](target) a link to a site path, an in-page #anchor, an https address or a mailto address;
 * **text** strong; {{name}} a configured value, as plain text (an e-mail address becomes a mailto link, and
 * the neutral wording shown while no legal contact address is set links to the contact form).
 */
const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\{\{(\w+)\}\}/g;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SAFE_TARGET = /^(\/(?!\/)|#|https:\/\/|mailto:)/;

export function RichText({ text, values }: { text: string; values: Partial<PlaceholderValues> }) {
  return <>{render(text, values, true)}</>;
}

function render(text: string, values: Partial<PlaceholderValues>, allowLinks: boolean): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, label, target, strong, placeholder] = match;
    const at = match.index;
    if (at > last) nodes.push(text.slice(last, at));
    last = at + whole.length;
    const key = `${at}`;
    if (label !== undefined && target !== undefined) {
      nodes.push(
        allowLinks && SAFE_TARGET.test(target) ? (
          <InlineLink key={key} target={target}>
            {render(label, values, false)}
          </InlineLink>
        ) : (
          <span key={key}>{render(label, values, false)}</span>
        ),
      );
    } else if (strong !== undefined) {
      nodes.push(<strong key={key}>{render(strong, values, allowLinks)}</strong>);
    } else if (placeholder !== undefined) {
      const value = (values as Readonly<Record<string, string | undefined>>)[placeholder] ?? whole;
      const email = EMAIL.test(value);
      nodes.push(
        allowLinks && email ? (
          <a key={key} href={`mailto:${value}`}>
            {value}
          </a>
        ) : allowLinks && (placeholder === 'contactEmail' || placeholder === 'dmcaAgentEmail') ? (
          <Link key={key} to={placeholder === 'contactEmail' ? '/contact-us' : '/report-content'}>
            {value}
          </Link>
        ) : (
          <span key={key} data-placeholder={placeholder}>
            {value}
          </span>
        ),
      );
    }
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

function InlineLink({ target, children }: { target: string; children: ReactNode }) {
  if (target.startsWith('/')) return <Link to={target}>{children}</Link>;
  const external = target.startsWith('https://');
  return (
    <a href={target} {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
      {children}
    </a>
  );
}
