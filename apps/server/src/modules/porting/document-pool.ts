import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';
import { serverBusy } from '../../lib/problem';
import type { DocumentTask } from './document-drawing';

/**
 * An order's documents (the application PDF, the porting night's calendar) drawn off the event loop
 * and kept per order and version (decision 126). Drawing one took 25–300 ms of the one thread that
 * answers every request; a worker thread draws it now, and a repeat download of the same version is
 * answered from memory. The version is a hash of what the document says (every word is chosen on
 * the request's side, documents.ts) and of the drawing code, so anything the document shows that
 * changes draws it anew, and its ETag says so.
 */

const DRAWING_URL = new URL('./document-drawing.ts', import.meta.url);
/** The drawing code is part of the version: a new layout is never answered with an old ETag's 304. */
const DRAWING = createHash('sha1').update(readFileSync(DRAWING_URL)).digest();

/** Kept bytes in all; a PDF is about 19 KB, so about 800 documents. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** A kept document holds the owner's name and the SIM address: it leaves memory after this at most. */
const KEPT_MS = 30 * 60_000;
/** Documents waiting for a worker; past this a download answers 503 rather than waiting seconds. */
const MAX_WAITING = 64;
/**
 * Worker threads: half the cores, so the event loop keeps one to itself; they also run at a lower
 * priority than it (`niceIncrement`, Linux), so an answer never waits for a drawing.
 */
const THREADS = Math.max(1, Math.floor(availableParallelism() / 2));

/** The document's weak ETag: its version. Weak, since two drawings of one version differ in their timestamps. */
export function documentTag(task: DocumentTask): string {
  const hash = createHash('sha1').update(DRAWING).update(JSON.stringify(task)).digest('base64url');
  return `W/"${hash}"`;
}

/**
 * The worker loads the TypeScript drawing code as the server does: through tsx. A server started
 * with `node --import tsx` (production, `npm start`) or by the tsx command passes it on to its
 * threads; anything else (vitest's processes) gets it added.
 */
function workerExecArgv(): string[] {
  if (process.execArgv.some((arg) => arg.includes('tsx'))) return process.execArgv;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return [...process.execArgv, '--import', tsx];
}

interface Kept {
  version: string;
  body: Buffer | string;
}

/**
 * How long an owner's document is answered without its order being read again (decision 149's bound for
 * what nothing announces). Within it, whatever changes the order is announced and drops it sooner: the
 * owner's own change (app.people) and every change of their portation (the change feed).
 */
export const OWNER_KEPT_MS = 10_000;
/** Owners whose epoch a node remembers; past it the node forgets them all, and what it kept for them. */
const MAX_OWNERS = 100_000;

/** An owner's document as last answered: its version's tag and its bytes. */
export interface OwnedDocument {
  tag: string;
  body: Buffer | string;
}

export class DocumentPool {
  #pool: Piscina<DocumentTask, Uint8Array | string> | null = null;
  #closed = false;
  readonly #kept = new LRUCache<string, Kept>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (kept) => Math.max(1, typeof kept.body === 'string' ? kept.body.length * 2 : kept.body.length),
    ttl: KEPT_MS,
  });
  /** Drawings under way, by key and version: concurrent downloads of one version wait for one drawing. */
  readonly #drawing = new Map<string, Promise<Buffer | string>>();
  /** Drawings made (not answered from memory): for the tests. */
  drawn = 0;
  /**
   * What each owner was last answered, by owner, epoch and document (decision 149): a repeat download
   * costs no read of the order. Kept only for the signed-in owner it was answered to, after the owner check.
   */
  readonly #owned = new LRUCache<string, OwnedDocument & { at: number }>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (kept) => Math.max(1, typeof kept.body === 'string' ? kept.body.length * 2 : kept.body.length),
  });
  readonly #epochs = new Map<number, number>();
  #counter = 0;

  constructor(private readonly now: () => number) {}

  /** The owner's epoch on this node: a document is answered from memory only under the epoch it was read in. */
  epochOf(userId: number): number {
    return this.#epochs.get(userId) ?? 0;
  }

  /** Something the owner's documents show changed: what was kept for them is not answered again. */
  ownerMoved(userId: number): void {
    if (this.#epochs.size >= MAX_OWNERS && !this.#epochs.has(userId)) {
      // Forgetting an epoch would bring its owner back to 0, under which old documents may be kept.
      this.#epochs.clear();
      this.#owned.clear();
    }
    this.#epochs.delete(userId);
    this.#epochs.set(userId, ++this.#counter);
  }

  /** The document last answered to the owner under their current epoch, unless older than OWNER_KEPT_MS. */
  owned(userId: number, key: string): OwnedDocument | undefined {
    const id = `${userId} ${this.epochOf(userId)} ${key}`;
    const kept = this.#owned.get(id);
    if (!kept) return undefined;
    if (this.now() - kept.at >= OWNER_KEPT_MS) {
      this.#owned.delete(id);
      return undefined;
    }
    return kept;
  }

  /** Keeps what was answered to the owner, read under `epoch`, unless their epoch moved meanwhile. */
  keepOwned(userId: number, epoch: number, key: string, doc: OwnedDocument): void {
    if (this.#closed || this.epochOf(userId) !== epoch) return;
    this.#owned.set(`${userId} ${epoch} ${key}`, { ...doc, at: this.now() });
  }

  /** The threads start with the first document, not with the app: most nodes and tests never draw one. */
  #workers(): Piscina<DocumentTask, Uint8Array | string> {
    if (this.#closed) throw new Error('document pool closed');
    this.#pool ??= new Piscina({
      filename: DRAWING_URL.href,
      name: 'drawDocument',
      execArgv: workerExecArgv(),
      minThreads: 1,
      maxThreads: THREADS,
      idleTimeout: 60_000,
      niceIncrement: 5,
    });
    return this.#pool;
  }

  /** The document kept under `key` at `version`, or drawn in a worker now (once, whoever else asks). */
  async get(key: string, version: string, task: DocumentTask): Promise<Buffer | string> {
    const kept = this.#kept.get(key);
    if (kept?.version === version) return kept.body;
    const id = `${key} ${version}`;
    const under = this.#drawing.get(id);
    if (under) return under;
    const pool = this.#workers();
    if (pool.queueSize >= MAX_WAITING) {
      throw serverBusy('Сервер занят', 'Сервер готовит много документов сразу, попробуйте через 5 с.', 5);
    }
    const drawing = pool
      .run(task)
      .then((drawn) => {
        this.drawn++;
        // A thread's Buffer arrives as a plain Uint8Array: viewed as a Buffer again, not copied.
        const body = typeof drawn === 'string' ? drawn : Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
        if (!this.#closed) this.#kept.set(key, { version, body });
        return body;
      })
      .finally(() => this.#drawing.delete(id));
    this.#drawing.set(id, drawing);
    return drawing;
  }

  /** Stops the threads (the app's close): a thread left running would keep the process alive. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#kept.clear();
    this.#owned.clear();
    const pool = this.#pool;
    this.#pool = null;
    await pool?.destroy();
  }

  /** The live threads, for the tests. */
  get threads(): Worker[] {
    return this.#pool?.threads ?? [];
  }

  /** Documents being drawn now, for the tests. */
  get drawing(): number {
    return this.#drawing.size;
  }
}
