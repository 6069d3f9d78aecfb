import styles from './Avatar.module.css';

export interface AvatarProps {
  /** Rendition name → URL, as GET /api/user answers it (avatar-small-webp ... avatar-retina-jpg). */
  readonly avatar: Readonly<Record<string, string>>;
  readonly name: string;
  readonly size: number;
}

/** A round avatar in WebP with a JPEG fallback at 1x/2x; the initial on the accent colour without one. */
export function Avatar({ avatar, name, size }: AvatarProps) {
  const [base, double] = size <= 64 ? ['small', 'medium'] : ['medium', 'retina'];
  const source = (format: 'webp' | 'jpg') =>
    [
      avatar[`avatar-${base}-${format}`] && `${avatar[`avatar-${base}-${format}`]} 1x`,
      avatar[`avatar-${double}-${format}`] && `${avatar[`avatar-${double}-${format}`]} 2x`,
    ]
      .filter(Boolean)
      .join(', ');
  const fallback = avatar[`avatar-${base}-jpg`];
  if (!fallback) {
    return (
      <span className={styles.initial} style={{ inlineSize: size, blockSize: size, fontSize: size * 0.42 }} aria-hidden="true">
        {[...name.trim()][0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return (
    <picture className={styles.picture} style={{ inlineSize: size, blockSize: size }}>
      <source type="image/webp" srcSet={source('webp')} />
      <img className={styles.image} src={fallback} srcSet={source('jpg')} width={size} height={size} alt="" decoding="async" />
    </picture>
  );
}
