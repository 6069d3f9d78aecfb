/** A still with its WebP rendition preferred and the JPEG as fallback; decorative (the link around it is named). */
export function StillPicture({
  webp,
  jpg,
  className,
  eager,
  width,
  height,
}: {
  readonly webp?: string;
  readonly jpg: string;
  readonly className?: string;
  readonly eager: boolean;
  readonly width?: number;
  readonly height?: number;
}) {
  return (
    <picture>
      {webp && <source type="image/webp" srcSet={webp} />}
      <img
        src={jpg}
        alt=""
        className={className}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        width={width}
        height={height}
      />
    </picture>
  );
}
