import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { sourceMessages } from '../../i18n/messages';
import { I18nProvider } from '../../i18n/react';
import { createTranslator } from '../../i18n/translate';
import type { FeedPost } from '../feed/feed-data';
import { EmbedCard } from './EmbedCard';

const post = {
  id: 7,
  title: 'Pier at dusk',
  path: '/video?id=7',
  user: { id: 1, username: 'mia', displayName: 'Mia', avatar: {} },
  media: [
    {
      id: 3,
      name: 'abc',
      status: 10,
      mimeType: 'video/mp4',
      width: 540,
      height: 960,
      variants: { 'mp4-540': '/media/abc/mp4-540.mp4' },
    },
  ],
  allowEmbedding: true,
} as unknown as FeedPost;

const render = (card: FeedPost) =>
  renderToStaticMarkup(
    <I18nProvider translator={createTranslator('en-US', sourceMessages)}>
      <EmbedCard post={card} siteUrl="https://velvet.test" />
    </I18nProvider>,
  );

describe('EmbedCard', () => {
  test('a creator who turned embedding off gets a notice instead of the player, and the link to the post', () => {
    const refused = render({ ...post, allowEmbedding: false });
    expect(refused).toContain('The creator does not allow this post to be shown on other sites.');
    expect(refused).not.toContain('<video');
    expect(refused).toContain('href="https://velvet.test/video?id=7"');
    expect(render(post)).toContain('<video');
  });
});
