import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { PlaceholderValues } from '../../lib/legal-documents';
import { RichText } from './RichText';

const values = {
  entityName: 'Velvet <Media> Ltd',
  contactEmail: 'legal@example.com',
  governingLaw: '[Governing law: set LEGAL_GOVERNING_LAW]',
} as unknown as PlaceholderValues;

const render = (text: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <RichText text={text} values={values} />
    </MemoryRouter>,
  );

describe('RichText', () => {
  test('renders site links, bold text and plain text', () => {
    expect(render('Read the [terms](/legal/terms) **now**.')).toBe(
      'Read the <a href="/legal/terms" data-discover="true">terms</a> <strong>now</strong>.',
    );
  });

  test('external links open apart without handing over the page', () => {
    expect(render('[docs](https://example.com/a)')).toBe(
      '<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">docs</a>',
    );
  });

  test('a link to any other scheme stays text', () => {
    expect(render('[click](javascript:alert(1))')).not.toContain('<a');
    expect(render('[click](//evil.example)')).not.toContain('<a');
  });

  test('configured values are escaped text, e-mail addresses become mailto links', () => {
    expect(render('By {{entityName}}.')).toBe('By <span data-placeholder="entityName">Velvet &lt;Media&gt; Ltd</span>.');
    expect(render('Write to {{contactEmail}}.')).toBe('Write to <a href="mailto:legal@example.com">legal@example.com</a>.');
  });

  test('while no legal address is set, the contact wording links to the contact form', () => {
    const neutral = { ...values, contactEmail: 'our contact form' };
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <RichText text="Write to {{contactEmail}}." values={neutral} />
      </MemoryRouter>,
    );
    expect(markup).toBe('Write to <a href="/contact-us" data-discover="true">our contact form</a>.');
    expect(render('Law: {{governingLaw}}')).toContain('[Governing law: set LEGAL_GOVERNING_LAW]');
  });

  test('markup in a configured value is not interpreted', () => {
    const tricky = { ...values, entityName: '[x](/evil) **y**' } as PlaceholderValues;
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <RichText text="{{entityName}}" values={tricky} />
      </MemoryRouter>,
    );
    expect(markup).toBe('<span data-placeholder="entityName">[x](/evil) **y**</span>');
  });

  test('an unknown placeholder is shown as written rather than dropped', () => {
    expect(render('{{nothing}}')).toContain('{{nothing}}');
  });
});
