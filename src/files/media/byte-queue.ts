/**
 * Bytes received and not yet handled by a format parser that reads a stream in pieces: it asks
 * for as many as a header needs, and takes what it has dealt with. Pieces are joined only when a
 * read spans them, so a large piece passed through is never copied.
 */
export class ByteQueue {
  private pieces: Buffer[] = [];
  length = 0;

  push(piece: Buffer): void {
    if (piece.length === 0) return;
    this.pieces.push(piece);
    this.length += piece.length;
  }

  /** The first piece queued (the queue is not empty), left in the queue. */
  first(): Buffer {
    return this.pieces[0];
  }

  /** The first `n` bytes (n ≤ length), left in the queue. */
  peek(n: number): Buffer {
    if (this.pieces[0].length < n) this.pieces = [Buffer.concat(this.pieces)];
    return this.pieces[0].subarray(0, n);
  }

  /** Removes and returns the first `n` bytes (n ≤ length) as pieces. */
  take(n: number): Buffer[] {
    const out: Buffer[] = [];
    this.length -= n;
    while (n > 0) {
      const head = this.pieces[0];
      if (head.length <= n) {
        out.push(head);
        this.pieces.shift();
        n -= head.length;
      } else {
        out.push(head.subarray(0, n));
        this.pieces[0] = head.subarray(n);
        n = 0;
      }
    }
    return out;
  }

  /** Removes and returns every byte queued. */
  takeAll(): Buffer[] {
    const out = this.pieces;
    this.pieces = [];
    this.length = 0;
    return out;
  }
}
