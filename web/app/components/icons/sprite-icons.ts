/**
 * The icons each sprite file defines, in its order (sprite.test.ts holds the two together). Imported for
 * its type only by the components, so the first load's JavaScript does not carry the list.
 */
export const SPRITE_ICONS = {
  shell: ['home', 'following', 'popular', 'tag', 'playlist', 'search', 'sliders'],
  card: [
    'heart',
    'share',
    'plus',
    'check',
    'more',
    'sound-on',
    'sound-off',
    'settings',
    'play',
    'chevron',
    'captions-off',
    'captions-on',
  ],
} as const;
