import { SpriteIcon } from '../icons/sprite';
import styles from './HeartBurst.module.css';

export interface Burst {
  readonly id: number;
  /** Where the tap was, from the surface's inline start and top, in pixels. */
  readonly inline: number;
  readonly block: number;
}

/** The hearts a double tap leaves where the finger was; each removes itself when its animation ends. */
export function HeartBurst({ bursts, onDone }: { bursts: readonly Burst[]; onDone: (id: number) => void }) {
  return (
    <>
      {bursts.map((burst) => (
        <span
          key={burst.id}
          className={styles.heart}
          style={{ insetBlockStart: burst.block, insetInlineStart: burst.inline }}
          onAnimationEnd={() => onDone(burst.id)}
          aria-hidden="true"
        >
          <SpriteIcon name="heart" size={96} />
        </span>
      ))}
    </>
  );
}
