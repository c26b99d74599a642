// Collects the dump's text into 1 MB byte chunks. Appending each record to one big string
// made V8 spend half its time in the garbage collector on the resulting rope; copying each
// record's ASCII straight into a buffer keeps every string short-lived.
const chunkSize = 1 << 20;

export class ChunkBuffer {
  private buffer = Buffer.allocUnsafe(chunkSize);
  private used = 0;
  private full: Buffer[] = [];
  /** Bytes appended so far. */
  bytes = 0;

  append(text: string): void {
    this.bytes += text.length;
    if (this.used + text.length > chunkSize) {
      this.flush();
      if (text.length > chunkSize) {
        this.full.push(Buffer.from(text, 'latin1'));
        return;
      }
    }
    this.used += this.buffer.write(text, this.used, 'latin1');
  }

  /** The chunks completed since the last call. */
  takeFull(): Buffer[] {
    const full = this.full;
    this.full = [];
    return full;
  }

  /** Everything not yet taken, the last chunk possibly short. */
  finish(): Buffer[] {
    this.flush();
    return this.takeFull();
  }

  private flush() {
    if (this.used === 0) return;
    this.full.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(chunkSize);
    this.used = 0;
  }
}
