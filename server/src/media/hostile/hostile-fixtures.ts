import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { runFfmpeg } from '../ffmpeg.ts';
import { declareFrameSize } from './crafted-h264.ts';

/**
 * Test support for the hostile-file suite: a canary file no tool may read, a loopback listener no tool may
 * connect to, and builders of the hostile files themselves.
 */

export interface Canary {
  readonly path: string;
  readonly content: string;
  /** True while nothing has read the file since it was planted. */
  untouched(): Promise<boolean>;
}

/**
 * A file whose access time is set in the past: with the usual `relatime` mount option the kernel updates the
 * access time on the first read after that, so a read shows up without any tracing tool.
 */
export async function plantCanary(dir: string, name = 'canary-secret.ts'): Promise<Canary> {
  const path = join(dir, name);
  const content = `VELVET-CANARY-${Math.random().toString(36).slice(2)}`;
  await writeFile(path, `${content}\n`);
  const past = new Date('2001-01-01T00:00:00Z');
  await utimes(path, past, new Date());
  const untouched = async () => (await stat(path)).atimeMs === past.getTime();
  return { path, content, untouched };
}

/** Proof that the access-time check works here: reading the canary flips it. */
export async function canaryDetectsReads(dir: string): Promise<boolean> {
  const probe = await plantCanary(dir, 'canary-self-test.ts');
  if (!(await probe.untouched())) return false;
  await readFile(probe.path);
  return !(await probe.untouched());
}

export interface SocketTrap {
  readonly url: string;
  connections(): number;
  close(): Promise<void>;
}

/** A TCP listener on loopback that only counts who connects. */
export async function socketTrap(): Promise<SocketTrap> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function pngChunk(type: string, data: Uint8Array) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes of PNG declaring side x side greyscale pixels of zeros. */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc((side + 1) * 64));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A small real JPEG whose start-of-frame header is rewritten to declare width x height. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  for (let offset = 2; offset + 9 < jpeg.length; ) {
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xc0 || marker === 0xc2) {
      jpeg.writeUInt16BE(height, offset + 5);
      jpeg.writeUInt16BE(width, offset + 7);
      return jpeg;
    }
    offset += 2 + length;
  }
  throw new Error('no start-of-frame marker');
}

/** An MP4 of about 1.5 KB whose H.264 stream declares width x height (decoding it unguarded costs gigabytes). */
export async function h264Declaring(dir: string, width: number, height: number): Promise<string> {
  const tiny = join(dir, 'tiny.h264');
  // biome-ignore format: option pairs
  await runFfmpeg([
    '-y', '-f', 'lavfi', '-i', 'color=s=64x64:r=10', '-frames:v', '2',
    '-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'ultrafast', '-f', 'h264', tiny,
  ]);
  const crafted = join(dir, 'crafted.h264');
  await writeFile(crafted, declareFrameSize(await readFile(tiny), width, height));
  const output = join(dir, `declares-${width}x${height}.mp4`);
  await runFfmpeg(['-y', '-f', 'h264', '-i', crafted, '-c', 'copy', output]);
  return output;
}

/** An ISO base media `ftyp` box claiming to be an ordinary MP4: what makes a sniffer say "video". */
export const FTYP_ISOM = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1')]);
/** An EBML header with doc type webm. */
export const EBML_WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);

export const hlsPlaylist = (targets: readonly string[]) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n${targets.map((target) => `#EXTINF:2,\n${target}\n`).join('')}#EXT-X-ENDLIST\n`;

export const gzip = (text: string) => gzipSync(Buffer.from(text));

/** A real ZIP archive holding one stored (uncompressed) file. */
export function storedZip(name: string, data: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const checksum = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(checksum, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(checksum, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
