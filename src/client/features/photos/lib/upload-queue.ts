import { t } from '@lingui/core/macro';
import {
  UPLOAD_BATCH_MAX_BYTES,
  UPLOAD_BATCH_MAX_FILES,
  type Photo,
  type UploadReceipt,
} from '#contract/photos.ts';

/**
 * A selection of any size sent to POST /api/photos/upload in batches (by count and by bytes),
 * two at a time so the server always has the next batch at hand. The server answers each file of
 * a batch on its own (a receipt), so one refused file costs no other; a batch whose answer is lost
 * (a dropped connection, a proxy restarting) is sent again with only its unanswered files, and the
 * selection id with each file's position makes the server store a file once however often it comes.
 *
 * Plain TypeScript over a `send` function, so the browser (XMLHttpRequest, with upload progress)
 * and `npm run bench` (fetch, from Node) run the same batching.
 */

/** What an upload needs of a file: a browser File, or a Blob with a name in Node. */
export interface UploadableFile {
  readonly name: string;
  readonly size: number;
}

export type FileStatus = 'waiting' | 'sending' | 'processing' | 'stored' | 'failed' | 'cancelled';

export interface QueuedFile<F extends UploadableFile = UploadableFile> {
  /** The file's place in the selection, from 0: its key on the server. */
  readonly position: number;
  readonly file: F;
  readonly status: FileStatus;
  /** Bytes of this file sent so far. */
  readonly sentBytes: number;
  /** Why it failed, in words for the owner. */
  readonly reason: string | null;
  readonly photoId: number | null;
}

export interface BatchRequest<F extends UploadableFile = UploadableFile> {
  /** The files in the order they are to go in the body, each after its position field. */
  files: Array<{ position: number; file: F }>;
  selection: string;
  count: number;
  categoryId: number | null;
  /** Bytes of the files sent so far, of the batch's total. */
  onProgress: (sentBytes: number) => void;
  signal: AbortSignal;
}

/**
 * What came of one batch: the server's receipts (also from a 413/415 that stored nothing), or a
 * failure: `retry` when sending again may work (the connection, a gateway), not when the server
 * said no (a bad request, a lost session).
 */
export type BatchAnswer =
  | { kind: 'answered'; receipts: UploadReceipt[]; photos: Photo[]; message: string }
  | { kind: 'failed'; message: string; retry: boolean; signedOut?: boolean };

export type SendBatch<F extends UploadableFile> = (request: BatchRequest<F>) => Promise<BatchAnswer>;

export interface UploadQueueOptions<F extends UploadableFile> {
  send: SendBatch<F>;
  /** Null: the photo bank. */
  categoryId: number | null;
  maxFiles?: number;
  maxBytes?: number;
  /** Batches in flight at once. */
  concurrency?: number;
  /** Times a batch is sent again after a failure that may pass, before its files are failed. */
  retries?: number;
  /** How long to wait before the nth retry (1, 2…). */
  retryDelayMs?: (attempt: number) => number;
  /** Called after every change of state (progress included); read `snapshot()` there. */
  onChange?: () => void;
  /** Called with the photos each answered batch stored. */
  onStored?: (photos: Photo[]) => void;
  /** The selection's id; random unless given. */
  selection?: string;
}

export interface QueueSnapshot<F extends UploadableFile = UploadableFile> {
  files: ReadonlyArray<QueuedFile<F>>;
  /** 0–100: bytes on their way count to 90 % of a file, its receipt the rest. */
  percent: number;
  stored: number;
  failed: number;
  /** Files not yet answered: waiting, sending or processing. */
  pending: number;
  running: boolean;
  /** The server's message of the last answered batch, or the last failure's. */
  lastMessage: string | null;
}

const SETTLED: ReadonlySet<FileStatus> = new Set(['stored', 'failed', 'cancelled']);

/** A random id for one selection, as the server accepts it (letters and digits, 8–64). */
export function newSelectionId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('');
}

/** Groups waiting files into one batch: at most `maxFiles`, and `maxBytes` unless one file alone is larger. */
export function nextBatch<F extends UploadableFile>(waiting: Array<QueuedFile<F>>, maxFiles: number, maxBytes: number): Array<QueuedFile<F>> {
  const batch: Array<QueuedFile<F>> = [];
  let bytes = 0;
  for (const item of waiting) {
    if (batch.length >= maxFiles) break;
    if (batch.length > 0 && bytes + item.file.size > maxBytes) break;
    batch.push(item);
    bytes += item.file.size;
  }
  return batch;
}

export class UploadQueue<F extends UploadableFile = UploadableFile> {
  readonly selection: string;
  private files: Array<QueuedFile<F>>;
  private readonly options: Required<Omit<UploadQueueOptions<F>, 'onChange' | 'onStored' | 'selection'>> &
    Pick<UploadQueueOptions<F>, 'onChange' | 'onStored'>;
  private readonly attempts = new Map<number, number>();
  private readonly inFlight = new Set<AbortController>();
  private lastMessage: string | null = null;
  private stopped = false;
  private delays = 0;
  private idle: (() => void) | null = null;

  constructor(files: F[], options: UploadQueueOptions<F>) {
    this.selection = options.selection ?? newSelectionId();
    this.files = files.map((file, position) => ({ position, file, status: 'waiting', sentBytes: 0, reason: null, photoId: null }));
    this.options = {
      maxFiles: UPLOAD_BATCH_MAX_FILES,
      maxBytes: UPLOAD_BATCH_MAX_BYTES,
      concurrency: 2,
      retries: 5,
      retryDelayMs: (attempt) => Math.min(8000, 500 * 2 ** (attempt - 1)),
      ...options,
    };
  }

  snapshot(): QueueSnapshot<F> {
    let total = 0;
    let done = 0;
    let stored = 0;
    let failed = 0;
    let pending = 0;
    for (const item of this.files) {
      if (item.status === 'cancelled') continue;
      const size = Math.max(1, item.file.size);
      total += size;
      if (item.status === 'stored' || item.status === 'failed') done += size;
      else done += 0.9 * Math.min(size, item.sentBytes);
      if (item.status === 'stored') stored += 1;
      else if (item.status === 'failed') failed += 1;
      else pending += 1;
    }
    return {
      files: this.files,
      percent: total === 0 ? 100 : Math.floor((done / total) * 100),
      stored,
      failed,
      pending,
      running: pending > 0 && !this.stopped,
      lastMessage: this.lastMessage,
    };
  }

  /** Sends every waiting file; resolves when none is waiting or on its way. */
  run(): Promise<void> {
    this.stopped = false;
    const finished = new Promise<void>((resolve) => {
      const previous = this.idle;
      this.idle = () => {
        previous?.();
        resolve();
      };
    });
    this.pump();
    return finished;
  }

  /** Puts a failed or cancelled file back in line; `run()` sends it, under the same selection. */
  retry(position: number): void {
    const item = this.files[position];
    if (!item || (item.status !== 'failed' && item.status !== 'cancelled')) return;
    this.attempts.delete(position);
    this.update([position], { status: 'waiting', sentBytes: 0, reason: null });
  }

  /** Takes a waiting file out of the upload; one already on its way is answered by the server anyway. */
  cancelFile(position: number): void {
    if (this.files[position]?.status !== 'waiting') return;
    this.update([position], { status: 'cancelled', sentBytes: 0 });
    this.pump();
  }

  /** Stops: aborts the batches on their way and cancels every file not yet answered. */
  cancel(): void {
    this.stopped = true;
    for (const controller of this.inFlight) controller.abort();
    const open = this.files.filter((item) => !SETTLED.has(item.status)).map((item) => item.position);
    this.update(open, { status: 'cancelled', sentBytes: 0 });
    this.settleIfIdle();
  }

  private update(positions: number[], change: Partial<QueuedFile<F>>): void {
    if (positions.length === 0) return;
    const next = this.files.slice();
    for (const position of positions) next[position] = { ...next[position]!, ...change };
    this.files = next;
    this.options.onChange?.();
  }

  private pump(): void {
    if (this.stopped) return;
    while (this.inFlight.size < this.options.concurrency) {
      const waiting = this.files.filter((item) => item.status === 'waiting');
      const batch = nextBatch(waiting, this.options.maxFiles, this.options.maxBytes);
      if (batch.length === 0) break;
      void this.sendBatch(batch);
    }
    this.settleIfIdle();
  }

  private settleIfIdle(): void {
    if (this.inFlight.size > 0) return;
    if (!this.stopped && (this.delays > 0 || this.files.some((item) => item.status === 'waiting'))) return;
    const idle = this.idle;
    this.idle = null;
    idle?.();
  }

  private async sendBatch(batch: Array<QueuedFile<F>>): Promise<void> {
    const positions = batch.map((item) => item.position);
    const controller = new AbortController();
    this.inFlight.add(controller);
    this.update(positions, { status: 'sending', sentBytes: 0 });

    const onProgress = (sentBytes: number) => {
      if (controller.signal.aborted) return;
      // The body carries the files in order: the bytes sent fill them one after the other.
      let left = sentBytes;
      const next = this.files.slice();
      for (const item of batch) {
        const current = next[item.position]!;
        if (current.status !== 'sending' && current.status !== 'processing') continue;
        const sent = Math.max(0, Math.min(item.file.size, left));
        left -= item.file.size;
        next[item.position] = { ...current, sentBytes: sent, status: sent >= item.file.size ? 'processing' : 'sending' };
      }
      this.files = next;
      this.options.onChange?.();
    };

    let answer: BatchAnswer;
    try {
      answer = await this.options.send({
        files: batch.map(({ position, file }) => ({ position, file })),
        selection: this.selection,
        count: this.files.length,
        categoryId: this.options.categoryId,
        onProgress,
        signal: controller.signal,
      });
    } catch (error) {
      answer = { kind: 'failed', message: error instanceof Error ? error.message : String(error), retry: true };
    }
    this.inFlight.delete(controller);
    if (controller.signal.aborted) {
      this.settleIfIdle();
      return;
    }

    if (answer.kind === 'answered') {
      this.lastMessage = answer.message;
      this.applyReceipts(positions, answer.receipts);
      if (answer.photos.length > 0) this.options.onStored?.(answer.photos);
    } else {
      this.lastMessage = answer.message;
      if (answer.signedOut) {
        // Every later batch would be refused too: stop, and let the owner sign in and retry.
        this.stopped = true;
        const open = this.files.filter((item) => !SETTLED.has(item.status)).map((item) => item.position);
        this.update(open, { status: 'failed', sentBytes: 0, reason: answer.message });
        for (const other of this.inFlight) other.abort();
        this.settleIfIdle();
        return;
      }
      this.failOrRetry(positions, answer.message, answer.retry);
    }
    this.pump();
  }

  private applyReceipts(positions: number[], receipts: UploadReceipt[]): void {
    const byPosition = new Map(receipts.map((receipt) => [receipt.position, receipt]));
    const unanswered: number[] = [];
    const next = this.files.slice();
    for (const position of positions) {
      const receipt = byPosition.get(position);
      const current = next[position]!;
      if (!receipt) {
        unanswered.push(position);
      } else if (receipt.photoId !== null) {
        next[position] = { ...current, status: 'stored', sentBytes: current.file.size, photoId: receipt.photoId, reason: null };
      } else {
        next[position] = { ...current, status: 'failed', sentBytes: 0, reason: receipt.reason ?? t`Refused by the server` };
      }
    }
    this.files = next;
    this.options.onChange?.();
    if (unanswered.length > 0) this.failOrRetry(unanswered, t`The server did not answer for this file`, true);
  }

  /** Sends the files again after a pause, or fails them once their attempts are spent. */
  private failOrRetry(positions: number[], message: string, retry: boolean): void {
    const again: number[] = [];
    const failed: number[] = [];
    for (const position of positions) {
      const attempt = (this.attempts.get(position) ?? 0) + 1;
      this.attempts.set(position, attempt);
      (retry && attempt <= this.options.retries ? again : failed).push(position);
    }
    this.update(failed, { status: 'failed', sentBytes: 0, reason: message });
    if (again.length === 0) return;
    // Back in line after the pause; until then they count as on their way.
    this.update(again, { status: 'processing', sentBytes: 0 });
    const attempt = Math.max(...again.map((position) => this.attempts.get(position)!));
    this.delays += 1;
    setTimeout(() => {
      this.delays -= 1;
      const still = again.filter((position) => this.files[position]?.status === 'processing');
      this.update(still, { status: 'waiting' });
      this.pump();
      this.settleIfIdle();
    }, this.options.retryDelayMs(attempt));
  }
}
