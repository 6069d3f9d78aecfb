import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { languageOf, languages } from './languages.ts';
import { messagesVersion } from './messages-version.ts';

/** The web app's messages: `locales/<lng>.json` (the site shell) and `namespaces/<domain>/<lng>.json`. */
const i18nRoot = fileURLToPath(new URL('../../../web/app/i18n/', import.meta.url));

export type ClientMessages = Record<string, unknown>;

/**
 * The web client's messages of one language, shaped as the web app merges them (web/app/i18n/
 * locale.server.ts loadMessages): the site file, each domain's namespace under the domain's key. Read
 * once per language and kept: they change only with a deployment.
 */
export class ClientTranslations {
  private readonly loaded = new Map<string, Promise<ClientMessages>>();
  private readonly versions = new Map<string, Promise<string>>();
  private readonly root: string;

  constructor(root = i18nRoot) {
    this.root = root;
  }

  /** Whether the interface is offered in this locale (`cs`, `cs-CZ`). */
  static supports(locale: string): boolean {
    const code = locale.slice(0, 2);
    return languages.some((language) => language.code === code);
  }

  messagesFor(locale: string): Promise<ClientMessages> {
    const code = languageOf(locale).code;
    let messages = this.loaded.get(code);
    if (!messages) {
      messages = this.read(code);
      this.loaded.set(code, messages);
      messages.catch(() => this.loaded.delete(code));
    }
    return messages;
  }

  /** The content version of `messagesFor(locale)`, computed once per language. */
  versionFor(locale: string): Promise<string> {
    const code = languageOf(locale).code;
    let version = this.versions.get(code);
    if (!version) {
      version = this.messagesFor(locale).then(messagesVersion);
      this.versions.set(code, version);
      version.catch(() => this.versions.delete(code));
    }
    return version;
  }

  private async read(code: string): Promise<ClientMessages> {
    const json = async (path: string) => JSON.parse(await readFile(`${this.root}${path}`, 'utf8')) as ClientMessages;
    const domains = (await readdir(`${this.root}namespaces`, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const [site, ...namespaces] = await Promise.all([
      json(`locales/${code}.json`),
      ...domains.map((domain) => json(`namespaces/${domain}/${code}.json`)),
    ]);
    return { ...site, ...Object.fromEntries(domains.map((domain, index) => [domain, namespaces[index]])) };
  }
}
