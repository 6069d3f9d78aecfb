import type { FastifyInstance } from 'fastify';
import { readOutbox } from './outbox.ts';

const PAGE_SIZE = 50;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Links in a message become clickable; everything else stays text. */
const withLinks = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * GET /dev/outbox: the e-mails the outbox transport wrote, so verification and reset links work on a
 * laptop without a mail server. Registered only in development: the messages hold live reset links.
 */
export default async function outboxRoutes(app: FastifyInstance, { dir }: { dir: string }) {
  app.get('/dev/outbox', async (_request, reply) => {
    const entries = await readOutbox(dir, PAGE_SIZE);
    const items = entries
      .map(
        (entry) => `<article>
  <header><strong>${escapeHtml(entry.subject)}</strong><br><small>to ${escapeHtml(entry.to)} · ${escapeHtml(entry.createdAt)}</small></header>
  <pre>${withLinks(entry.text)}</pre>
</article>`,
      )
      .join('\n');
    const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Velvet (development)</title>
<style>body{font:16px system-ui,sans-serif;max-inline-size:760px;margin:2rem auto;padding-inline:1rem}article{border:1px solid #ddd;border-radius:12px;padding:1rem;margin-block:1rem}pre{white-space:pre-wrap;font:inherit}</style>
</head><body><h1>Outbox</h1><p>The ${PAGE_SIZE} newest messages in ${escapeHtml(dir)}.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  });
}
