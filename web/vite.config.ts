import { readFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { clientChunking } from './scripts/chunking.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { pwa } from './scripts/pwa-plugin.ts';

/** The product's version (the root package.json, which the server reports too): the `app-version` header of spec §7. */
const appVersion: string | undefined = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), pwa(), precompress()],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion ?? '') },
  // The server seeds loaders' context with a token from this module; it must stay one shared
  // module instance in Node, never a bundled copy (see app/server-context.ts).
  ssr: { external: ['#server-context'] },
  build: {
    rolldownOptions: {
      external: ['#server-context'],
      output: isSsrBuild ? {} : { codeSplitting: clientChunking() },
    },
  },
  server: { hmr: { port: 24678 } },
}));
