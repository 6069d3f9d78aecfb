import { type Encoding, encode } from './encodings.ts';

/** One stored answer, with what its owner keeps beside the body (`Extra`). */
export interface StoredAnswer<Extra = undefined> {
  /** Encoded once: writing a 15 KB string as UTF-8 on every hit was a third of a hit's CPU. */
  readonly body: Buffer;
  /**
   * The body compressed for each coding a hit has asked for, made on the first such hit: browsers always
   * accept a coding, and compressing again on every hit (through a zlib stream) cut hits to a tenth.
   */
  readonly coded: Partial<Record<Encoding, Buffer>>;
  readonly extra: Extra;
  readonly expires: number;
  /** What this entry holds in memory: its key, its body and every coding made of it so far. */
  bytes: number;
}

export interface AnswerStoreLimits {
  readonly maxBytes: number;
  readonly maxEntries: number;
  readonly ttlMs: number;
}

/**
 * The response cache's memory, bounded both in entries and in bytes (keys, bodies and their codings), the
 * oldest entry going first. A count alone let a few large answers take any amount of memory.
 */
export class AnswerStore<Extra = undefined> {
  private readonly entries = new Map<string, StoredAnswer<Extra>>();
  private total = 0;
  private readonly limits: AnswerStoreLimits;
  private readonly now: () => number;

  constructor(limits: AnswerStoreLimits, now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live answer under `key`; an expired one is dropped. */
  get(key: string): StoredAnswer<Extra> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires >= this.now()) return entry;
    this.remove(key, entry);
    return undefined;
  }

  /** Keeps `body` under `key` unless it alone is larger than the whole budget. */
  set(key: string, body: Buffer, ...[extra]: Extra extends undefined ? [] : [Extra]): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const bytes = key.length + body.length;
    if (bytes > this.limits.maxBytes) return;
    this.entries.set(key, { body, coded: {}, extra: extra as Extra, expires: this.now() + this.limits.ttlMs, bytes });
    this.total += bytes;
    this.evict();
  }

  /** The entry's body in `encoding`, made and counted on first use. */
  coded(key: string, entry: StoredAnswer<Extra>, encoding: Encoding): Buffer {
    const made = entry.coded[encoding];
    if (made) return made;
    const body = encode(entry.body, encoding);
    entry.coded[encoding] = body;
    if (this.entries.get(key) === entry) {
      entry.bytes += body.length;
      this.total += body.length;
      this.evict();
    }
    return body;
  }

  /** Drops every answer. */
  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) return;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: StoredAnswer<Extra>): void {
    this.entries.delete(key);
    this.total -= entry.bytes;
  }
}
