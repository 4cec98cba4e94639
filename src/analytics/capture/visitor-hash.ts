import { hash } from 'node:crypto';

const BLOCK = 64;

/**
 * HMAC-SHA256 (RFC 2104) under one key, computed with `crypto.hash` from pads made once: the
 * same digest as `createHmac`, in a third of the time (a visit is hashed on every flush).
 */
export class Hmac {
  private readonly inner: Buffer;
  private readonly outer: Buffer;

  constructor(key: Buffer) {
    const k = key.length > BLOCK ? Buffer.from(hash('sha256', key, 'buffer')) : key;
    const padded = Buffer.alloc(BLOCK);
    k.copy(padded);
    this.inner = Buffer.from(padded.map((b) => b ^ 0x36));
    this.outer = Buffer.from(padded.map((b) => b ^ 0x5c));
  }

  hex(message: string): string {
    const inner = hash('sha256', Buffer.concat([this.inner, Buffer.from(message)]), 'buffer');
    return hash('sha256', Buffer.concat([this.outer, inner]), 'hex');
  }
}
