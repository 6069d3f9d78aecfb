import type { Sniffed } from './sniff.ts';

/** How a file the sniffer accepted is recorded and stored: its kind, MIME type and the original's extension. */
export interface StoredType {
  readonly kind: 'video' | 'image';
  readonly mimeType: string;
  readonly extension: string;
}

/** The stored type of a sniffed file; undefined for what the sniffer rejected. Only the content decides it. */
export function storedTypeOf(sniffed: Sniffed): StoredType | undefined {
  if (sniffed.kind === 'video') {
    if (sniffed.container === 'mov') {
      return sniffed.brand === 'qt  '
        ? { kind: 'video', mimeType: 'video/quicktime', extension: 'mov' }
        : { kind: 'video', mimeType: 'video/mp4', extension: 'mp4' };
    }
    return sniffed.brand === 'webm'
      ? { kind: 'video', mimeType: 'video/webm', extension: 'webm' }
      : { kind: 'video', mimeType: 'video/x-matroska', extension: 'mkv' };
  }
  if (sniffed.kind === 'image') {
    return { kind: 'image', mimeType: `image/${sniffed.format}`, extension: sniffed.format === 'jpeg' ? 'jpg' : sniffed.format };
  }
  return undefined;
}
