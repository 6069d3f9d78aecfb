import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { pwa } from './scripts/pwa-plugin.ts';

export default defineConfig({
  plugins: [reactRouter(), pwa()],
  // The server seeds loaders' context with a token from this module; it must stay one shared
  // module instance in Node, never a bundled copy (see app/server-context.ts).
  ssr: { external: ['#server-context'] },
  build: { rollupOptions: { external: ['#server-context'] } },
  server: { hmr: { port: 24678 } },
});
