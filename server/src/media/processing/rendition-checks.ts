import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { HARDENED_FFPROBE, runFfmpeg, runMediaTool } from '../ffmpeg.ts';
import type { Storage } from '../storage.ts';
import { fetchToFile } from './scratch-space.ts';

/** Test support: reads back what the pipeline stored, with real ffprobe/ffmpeg. */

/** Types of the top-level MP4 boxes in file order (faststart puts `moov` before `mdat`). */
export async function topLevelBoxes(path: string): Promise<string[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    const boxes: string[] = [];
    for (let offset = 0; offset + 8 <= size; ) {
      await file.read(header, 0, 16, offset);
      const short = header.readUInt32BE(0);
      const length = short === 1 ? Number(header.readBigUInt64BE(8)) : short === 0 ? size - offset : short;
      boxes.push(header.toString('latin1', 4, 8));
      if (length < 8) break;
      offset += length;
    }
    return boxes;
  } finally {
    await file.close();
  }
}

export interface ProbeReport {
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    side_data_list?: { rotation?: number }[];
    tags?: Record<string, string>;
  }[];
  format: { duration: string; format_name: string; tags?: Record<string, string> };
}

export async function ffprobe(path: string): Promise<ProbeReport> {
  const output = await runMediaTool('ffprobe', [
    ...HARDENED_FFPROBE,
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    path,
  ]);
  return JSON.parse(output.toString('utf8')) as ProbeReport;
}

/** Decodes every frame; rejects on the first decoding error. */
export async function decodesCleanly(path: string): Promise<void> {
  await runFfmpeg(['-xerror', '-i', path, '-f', 'null', '-'], { timeoutMs: 120_000 });
}

/** MD5 of the video stream's packets, unchanged by a remux and changed by any re-encode. */
export async function videoPacketsMd5(path: string): Promise<string> {
  const output = await runFfmpeg(['-i', path, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', 'pipe:1']);
  return output.toString('utf8').trim();
}

/** A local copy of a stored object, or a failed test when it is missing. */
export async function storedFile(storage: Storage, key: string, dir: string): Promise<string> {
  const path = join(dir, key.replaceAll('/', '_'));
  if (!(await fetchToFile(storage, key, path))) throw new Error(`${key} is not stored`);
  return path;
}
