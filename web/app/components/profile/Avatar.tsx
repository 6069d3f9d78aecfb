import styles from './Avatar.module.css';

interface AvatarProps {
  readonly name: string;
  readonly variants: Readonly<Record<string, string>> | undefined;
  readonly size: 'small' | 'large';
}

/** A round avatar from its renditions (WebP first), or the name's initial on an accent disc. */
export function Avatar({ name, variants, size }: AvatarProps) {
  const key = size === 'large' ? 'avatar-retina' : 'avatar-medium';
  const jpg = variants?.[`${key}-jpg`] ?? variants?.['avatar-medium-jpg'];
  const webp = variants?.[`${key}-webp`];
  const pixels = size === 'large' ? 112 : 44;
  if (!jpg) {
    return (
      <span className={styles.avatar} data-size={size} aria-hidden="true">
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return (
    <picture className={styles.avatar} data-size={size}>
      {webp && <source srcSet={webp} type="image/webp" />}
      <img className={styles.image} src={jpg} alt="" width={pixels} height={pixels} decoding="async" />
    </picture>
  );
}
