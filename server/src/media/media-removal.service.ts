import type { CdnPurger } from './cdn-purger.ts';
import type { Storage } from './storage.ts';

const MEDIA_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** `/thumber/` addresses of every media name (media.routes.ts), stored or not. */
const THUMBERS = ['peek/{name}.jpg', 'peek/{name}.png', 'mini/{name}.jpg', 'mini/{name}.png'];

/**
 * The two takedown jobs (media/README.md "Takedowns"). Both are enqueued by database triggers (migration
 * 0012), in the transaction that withdraws the media, and retried by graphile-worker until they succeed.
 */
export class MediaRemovalService {
  readonly #storage: Storage;
  readonly #cdn: CdnPurger;
  readonly #origin: string;

  constructor(storage: Storage, cdn: CdnPurger, origin: string) {
    this.#storage = storage;
    this.#cdn = cdn;
    this.#origin = origin;
  }

  /**
   * Job media:remove-files: every stored object of the name (renditions, HLS, stills, original) is deleted,
   * after the CDN has dropped their addresses. A retry after the deletion finds nothing left and is done.
   */
  async removeFiles(name: string): Promise<void> {
    const folder = folderOf(name);
    const keys = await this.#storage.list(folder);
    if (keys.length === 0) return;
    await this.#cdn.purge(this.#addresses(name, keys));
    await this.#storage.deletePrefix(folder);
  }

  /** Job media:purge-cdn: media no longer public (a post made private, an account leaving) leaves the CDN; files stay. */
  async purgeCdn(name: string): Promise<void> {
    const keys = await this.#storage.list(folderOf(name));
    if (keys.length) await this.#cdn.purge(this.#addresses(name, keys));
  }

  /**
   * A media name's files changed without a withdrawal (a new cover, media/cover/README.md): the CDN drops the
   * addresses of `overwritten` (replaced in place under the same key) and `retired` (no longer referenced) and
   * the name's `/thumber/` addresses; then the retired files are deleted. A failure throws, and the caller's
   * job retries: purging and deleting again is harmless.
   */
  /**
   * A media name's files changed without a withdrawal (a new cover, media/cover/README.md): the CDN drops the
   * addresses of `overwritten` (replaced in place under the same key) and `retired` (no longer referenced) and
   * the name's `/thumber/` addresses; then the retired files are deleted. A failure throws, and the caller's
   * job retries: purging and deleting again is harmless.
   */
  async retireFiles(name: string, overwritten: readonly string[], retired: readonly string[]): Promise<void> {
    const folder = folderOf(name);
    const keys = [...overwritten, ...retired];
    if (keys.some((key) => !key.startsWith(folder))) throw new Error(`Keys outside ${folder}`);
    await this.#purgeThenDelete(this.#addresses(name, keys), retired);
  }

  /**
   * Job captions:retire-files (captions/README.md): a rewritten or replaced object's cached copies leave the
   * CDN (`purge`), then the objects nothing points at any more are deleted (`remove`). Only keys inside
   * media folders are touched.
   */
  async retireObjects(purge: readonly string[], remove: readonly string[]): Promise<void> {
    const keys = [...purge, ...remove];
    const stray = keys.find((key) => !/^media\/[A-Za-z0-9_-]{1,64}\/./.test(key));
    if (stray !== undefined) throw new Error(`Not a media key: ${JSON.stringify(stray.slice(0, 80))}`);
    await this.#purgeThenDelete(
      [...new Set(keys)].map((key) => `${this.#origin}/${key}`),
      remove,
    );
  }

  /** The CDN first, as in removeFiles: a failed purge throws before any file is gone, and the job retries. */
  async #purgeThenDelete(addresses: readonly string[], remove: readonly string[]): Promise<void> {
    if (addresses.length) await this.#cdn.purge(addresses);
    for (const key of remove) await this.#storage.delete(key);
  }

  #addresses(name: string, keys: readonly string[]): string[] {
    return [
      ...keys.map((key) => `${this.#origin}/${key}`),
      ...THUMBERS.map((path) => `${this.#origin}/thumber/${path.replace('{name}', name)}`),
    ];
  }
}

function folderOf(name: string): string {
  if (!MEDIA_NAME.test(name)) throw new Error(`Not a media name: ${JSON.stringify(name.slice(0, 80))}`);
  return `media/${name}/`;
}
