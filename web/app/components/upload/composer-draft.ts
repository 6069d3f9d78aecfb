import type { DetailsValue } from './PostDetails';

/** The post being composed on /new-post: its files and details, kept so that a new login does not lose them. */
export interface ComposerDraft {
  /** The account it was composed by: another account logging in on the device never sees it. */
  readonly userId: number;
  readonly files: ReadonlyArray<{ readonly file: File; readonly recorded: boolean }>;
  readonly details: DetailsValue;
}

const DATABASE = 'velvet-composer';
const STORE = 'drafts';
const KEY = 'new-post';

/** IndexedDB keeps File objects as they are (structured clone), unlike localStorage; one draft at a time. */
function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const database = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

/** Storage may be refused (private windows, quota): the draft is then simply not kept, as before. */
export async function saveDraft(draft: ComposerDraft): Promise<void> {
  await run('readwrite', (store) => store.put(draft, KEY)).catch((error: unknown) => console.warn('draft not kept', error));
}

export async function clearDraft(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY)).catch(() => undefined);
}

/** The draft of this account, if one was kept. */
export async function loadDraft(userId: number): Promise<ComposerDraft | undefined> {
  const draft = await run<ComposerDraft | undefined>('readonly', (store) => store.get(KEY)).catch(() => undefined);
  return draft?.userId === userId && draft.files.length > 0 ? draft : undefined;
}
