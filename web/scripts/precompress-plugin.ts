import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

/** Text files worth compressing; images, audio and source maps are left as they are. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest|txt|xml)$/;

const BLOCK_SPLITTING_MIN_BYTES = 20_000;

function compressibleFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `file.gz` and `file.br` beside every text file of the client build, which the server sends in
 * place of the file to browsers that accept them (@fastify/static `preCompressed`). Done once here at
 * the highest settings instead of at level 6 on every request: gzip by Zopfli (about 3% smaller than
 * zlib's best), Brotli at quality 11. Zopfli's block splitting costs about a second per large file and
 * saves 0.2–1.3% there, nothing on small ones: on for files over BLOCK_SPLITTING_MIN_BYTES (the first
 * load's three large scripts lose 520 bytes of gzip; the build takes about five seconds longer). No
 * request spends CPU on it. Small files too: @fastify/compress codes a streamed file whatever its
 * size, so a copy made here is never worse.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'velvet-precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options) {
      outDir = options.dir ?? '';
    },
    async closeBundle() {
      if (!outDir) return;
      for (const file of compressibleFiles(outDir)) {
        const source = readFileSync(file);
        const gzip = await gzipAsync(source, { numiterations: 5, blocksplitting: source.length > BLOCK_SPLITTING_MIN_BYTES });
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        writeFileSync(`${file}.gz`, gzip);
        writeFileSync(`${file}.br`, brotli);
      }
    },
  };
}
