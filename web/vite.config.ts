import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { clientChunking } from './scripts/chunking.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { pwa } from './scripts/pwa-plugin.ts';

/** The product's version (the root package.json, which the server reports too): the `app-version` header of spec §7. */
const appVersion: string | undefined = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/**
 * CSS module class names in a build: the class and a hash of its file (`pinButton_xT3k9`), not Vite's
 * `_pinButton_xT3k9_129`. The names are in every page's HTML and in the scripts' class maps; without
 * the line number they repeat the file's hash, which compresses.
 */
function scopedClassName(name: string, filename: string): string {
  const file = relative(import.meta.dirname, filename.split('?')[0] ?? filename);
  return `${name}_${createHash('sha256').update(file).digest('base64url').slice(0, 5)}`;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter(), pwa(), precompress()],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion ?? '') },
  // The server seeds loaders' context with a token from this module; it must stay one shared
  // module instance in Node, never a bundled copy (see app/server-context.ts).
  ssr: { external: ['#server-context'] },
  css: { modules: command === 'build' ? { generateScopedName: scopedClassName } : {} },
  build: {
    rolldownOptions: {
      external: ['#server-context'],
      output: isSsrBuild ? {} : { codeSplitting: clientChunking() },
    },
  },
  server: { hmr: { port: 24678 } },
}));
