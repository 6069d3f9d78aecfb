import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { languages } from '../../server/src/settings/languages.ts';
import type { BuildManifest } from '../app/components/pwa/cache-rules.ts';
import { OFFLINE_SCRIPT, type OfflineText, renderOfflinePage, renderOfflineScript } from '../app/components/pwa/offline-page.ts';
import type { Messages } from '../app/i18n/config.ts';

const serviceWorkerSource = fileURLToPath(new URL('../app/components/pwa/service-worker.ts', import.meta.url));
const localesDirectory = new URL('../app/i18n/locales/', import.meta.url);
const OFFLINE_PAGE = 'offline.html';
/** Public files the installed app never needs offline: only crawlers fetch the share image. */
const NOT_STORED = new Set(['social-card.png']);

function offlineTexts(): Record<string, OfflineText> {
  return Object.fromEntries(
    languages.map(({ code, locale, dir }) => {
      const messages = JSON.parse(readFileSync(new URL(`${code}.json`, localesDirectory), 'utf8')) as Messages;
      const { title, message, retry } = messages.pwa.offline;
      const documentTitle = messages.meta.titleTemplate.replace('{{title}}', title);
      return [code, { lang: locale, dir, documentTitle, title, message, retry }];
    }),
  );
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)));
}

/**
 * Adds the installable-app files to the client build: /offline.html and its /offline.js in every language, and /sw.js
 * (components/pwa/service-worker.ts bundled as its own chunk) preceded by the list of build files it
 * stores at install. The list's version hashes every file's name and the unhashed files' content, so
 * an unchanged build keeps its worker and any change installs a new one, which the page announces.
 */
export function pwa(): Plugin {
  let publicDir = '';
  return {
    name: 'velvet-pwa',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: serviceWorkerSource, fileName: 'sw.js' });
    },
    generateBundle(_options, bundle) {
      const worker = bundle['sw.js'];
      if (worker?.type !== 'chunk' || worker.imports.length > 0) {
        this.error('sw.js must be one self-contained chunk: the service worker may import only its own modules.');
      }
      const texts = offlineTexts();
      const offlinePage = renderOfflinePage(texts);
      const offlineScript = renderOfflineScript(texts);
      this.emitFile({ type: 'asset', fileName: OFFLINE_PAGE, source: offlinePage });
      this.emitFile({ type: 'asset', fileName: OFFLINE_SCRIPT, source: offlineScript });

      const version = createHash('sha256').update(worker.code).update(offlinePage).update(offlineScript);
      const files = [`/${OFFLINE_PAGE}`, `/${OFFLINE_SCRIPT}`];
      for (const name of Object.keys(bundle).filter((name) => name.startsWith('assets/'))) {
        files.push(`/${name}`);
        version.update(name);
      }
      for (const name of filesUnder(publicDir)) {
        if (NOT_STORED.has(name)) continue;
        files.push(`/${name}`);
        version.update(name).update(readFileSync(join(publicDir, name)));
      }

      const manifest: BuildManifest = {
        version: version.digest('hex').slice(0, 16),
        files: files.sort(),
        offlinePage: `/${OFFLINE_PAGE}`,
      };
      worker.code = `self.__BUILD_MANIFEST__=${JSON.stringify(manifest)};\n${worker.code}`;
    },
  };
}
