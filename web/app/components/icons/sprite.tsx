import cardIcons from './card-icons.svg?raw';
import shellIcons from './shell-icons.svg?raw';
import styles from './sprite.module.css';
import type { SPRITE_ICONS } from './sprite-icons';

/**
 * The icons a page draws many times, written once per document and drawn by reference: inline, the home
 * page's HTML carried the same paths up to twelve times (12 KB of its 52 KB). The shell's navigation is
 * rendered for three placements (top bar, side panel, bottom bar; CSS shows one); a feed card's controls
 * repeat on every card, so the feed and the embedded player send those. The sets are plain SVG files,
 * edited as SVG and checked by sprite.test.ts; as strings they are not smaller than JSX would be (about
 * 170 B more of first-load gzip, measured on the sprite commit), but React renders them as one node.
 */
const SPRITES = { shell: shellIcons, card: cardIcons };

export type SpriteIconName = (typeof SPRITE_ICONS)[keyof typeof SPRITE_ICONS][number];

/** The shapes of one set of shared icons; render it once in the document that draws them. */
export function IconSprite({ set }: { readonly set: keyof typeof SPRITES }) {
  const markup = { __html: SPRITES[set] };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own static file, bundled at build time; no input reaches it.
  return <svg className={styles.sprite} width="0" height="0" aria-hidden="true" dangerouslySetInnerHTML={markup} />;
}

/** One shared icon, drawn from its sprite; decorative, as the control around it carries the accessible name. */
export function SpriteIcon({ name, size = 24 }: { readonly name: SpriteIconName; readonly size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true">
      <use href={`#i-${name}`} />
    </svg>
  );
}
