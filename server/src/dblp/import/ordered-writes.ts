import { databaseErrorCode } from '../../db/errors.ts';
// Phase 1 of the dump import writes its batches with several transactions at once (one
// PostgreSQL backend each, while Node parses the next batch) and still commits them in file
// order, so the checkpoint always says "every record up to here is in":
//
// - each batch's transaction takes its turn first (a lock it holds to the end; the next batch
//   starts once it has it) and ends by waiting for the turn of the batch before, which is
//   free once that batch has committed or rolled back, then moving the checkpoint from the
//   end of the batch before to its own end: a compare-and-set that fails (OutOfOrderCommit)
//   if that batch rolled back;
// - a key in two batches in flight (DBLP repeats a few) is ordered by its row lock: the later
//   batch waits for the earlier one's commit and then updates the row, so the file's last
//   record wins as in a sequential run. If the later batch got to the row first, the two wait
//   for each other and PostgreSQL ends the deadlock by failing one;
// - a batch that fails that way is written again, alone, once the batches before it are in.
//   Any other failure stops the import with its error after the batches before it are in.

/** A batch's place: records from+1 … to, the index-th batch of the run. */
export interface BatchTurn {
  index: number;
  from: number;
  to: number;
  /** Call once the transaction holds its turn: the next batch may start. */
  hasStarted: () => void;
}

export type WriteBatch<Batch> = (batch: Batch, turn: BatchTurn) => Promise<void>;

/** The batch before this one did not commit: this one must not either. */
export class OutOfOrderCommit extends Error {
  constructor(from: number) {
    super(`the records before record ${from + 1} are not committed`);
  }
}

interface Pending<Batch> {
  batch: Batch;
  turn: BatchTurn;
  started: Promise<void>;
  settled: Promise<void>;
  failure?: { error: unknown };
}

const deadlockDetected = '40P01';
const serializationFailure = '40001';

function isRetryable(error: unknown) {
  const code = databaseErrorCode(error);
  return (
    error instanceof OutOfOrderCommit || code === deadlockDetected || code === serializationFailure
  );
}

export class OrderedWrites<Batch> {
  private pending: Pending<Batch>[] = [];
  private queuedUpTo: number;
  private nextIndex = 0;

  /**
   * `write(batch, turn)` writes the turn's records in one transaction and moves the checkpoint
   * from `turn.from` to `turn.to` (see the header). `doneUpTo`: the checkpoint now.
   */
  constructor(
    private readonly inFlight: number,
    doneUpTo: number,
    private readonly write: WriteBatch<Batch>,
  ) {
    this.queuedUpTo = doneUpTo;
  }

  /** Starts writing the records up to `to`; waits first while `inFlight` batches are. */
  async add(batch: Batch, to: number): Promise<void> {
    while (this.pending.length >= Math.max(1, this.inFlight)) await this.settleOldest();
    await this.pending.at(-1)?.started;
    let hasStarted = () => {};
    const started = new Promise<void>((resolve) => (hasStarted = resolve));
    const turn = { index: this.nextIndex++, from: this.queuedUpTo, to, hasStarted };
    const item: Pending<Batch> = { batch, turn, started, settled: Promise.resolve() };
    item.settled = this.write(batch, turn)
      .catch((error: unknown) => {
        item.failure = { error };
      })
      // A batch that failed before taking its turn must not hold the next one back.
      .finally(hasStarted);
    this.queuedUpTo = to;
    this.pending.push(item);
  }

  /** Waits until every batch added is committed; throws the first failure that stopped it. */
  async finish(): Promise<void> {
    while (this.pending.length > 0) await this.settleOldest();
  }

  /** Lets every batch in flight end, committed or not (before reporting another error). */
  async abandon(): Promise<void> {
    await Promise.all(this.pending.map((item) => item.settled));
    this.pending = [];
  }

  private async settleOldest() {
    const oldest = this.pending[0]!;
    await oldest.settled;
    if (!oldest.failure) {
      this.pending.shift();
      return;
    }
    // The batches after it cannot commit without it: let them fail, then write them all
    // again one at a time, in order.
    const failed = this.pending;
    await this.abandon();
    if (!isRetryable(oldest.failure.error)) throw oldest.failure.error;
    for (const item of failed) await this.write(item.batch, item.turn);
  }
}
