import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  checkUpload,
  imageInRatioRange,
  type ProbedMedia,
  type UploadVerdict,
} from '../../../../server/src/media/upload-rules.ts';
import { probeFile } from './media-probe';
import { uploadLimits } from './upload-limits';

/** One chosen file: what it is once probed, and a preview address while it is on screen. */
export interface ChosenMedia {
  readonly id: number;
  readonly file: File;
  readonly previewUrl: string;
  /** Recorded with the camera on this page. */
  readonly recorded: boolean;
  /** Undefined while it is being probed. */
  readonly probe: ProbedMedia | undefined;
}

/** An image the rules leave out of the post (size or shape), while others still go. */
export function leftOut(item: ChosenMedia): boolean {
  return item.probe?.kind === 'image' && !imageInRatioRange(item.probe.width, item.probe.height);
}

/** Joining applies only where there are clips to join. */
export function joinsClips(items: readonly ChosenMedia[], joinClips: boolean): boolean {
  return joinClips && items.filter((item) => item.probe?.kind === 'video').length > 1;
}

let nextId = 0;

/**
 * The files of the post being composed, in their order, each probed in the browser, and the verdict of the
 * shared upload rules on them (undefined while any is still being probed). `joinClips` is the "join as one
 * video" choice, which the verdict depends on.
 */
export function useChosenMedia(userType: number, joinClips: boolean) {
  const [items, setItems] = useState<readonly ChosenMedia[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(
    () => () => {
      for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  const add = useCallback((files: readonly File[], recorded = false) => {
    const added = files.map((file) => ({
      id: ++nextId,
      file,
      previewUrl: URL.createObjectURL(file),
      recorded,
      probe: undefined,
    }));
    setItems((current) => [...current, ...added]);
    for (const item of added) {
      void probeFile(item.file)
        .catch((): ProbedMedia => ({ kind: 'rejected', code: 'not_video_or_image' }))
        .then((probe) => setItems((current) => current.map((entry) => (entry.id === item.id ? { ...entry, probe } : entry))));
    }
  }, []);

  const remove = useCallback((id: number) => {
    setItems((current) => {
      const gone = current.find((item) => item.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((item) => item.id !== id);
    });
  }, []);

  const move = useCallback((id: number, step: -1 | 1) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.id === id);
      const to = from + step;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const reordered = [...current];
      [reordered[from], reordered[to]] = [reordered[to]!, reordered[from]!];
      return reordered;
    });
  }, []);

  const clear = useCallback(() => {
    for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
    setItems([]);
  }, []);

  const verdict = useMemo<UploadVerdict | undefined>(() => {
    if (items.length === 0 || items.some((item) => item.probe === undefined)) return undefined;
    const files = items.map((item) => item.probe as ProbedMedia);
    return checkUpload({ files, userType, concat: joinsClips(items, joinClips), limits: uploadLimits });
  }, [items, userType, joinClips]);

  return { items, add, remove, move, clear, verdict };
}
