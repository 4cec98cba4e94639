import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import type { QrModules } from './qr-images';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A QR code as a 1-bit greyscale PNG, `width` pixels wide, compressed on libuv's thread pool.
 * `qrcode` draws 32-bit RGBA and deflates it on the event loop: a 2048-pixel code held it for
 * 300-600 ms. One bit a pixel is 1/32 of those bytes, and the deflate runs beside the loop.
 */
export async function qrPng(modules: QrModules, margin: number, width: number): Promise<Buffer> {
  const cells = modules.size + 2 * margin;
  const side = Math.max(width, cells);
  const rowBytes = Math.ceil(side / 8) + 1; // a filter byte (0: none), then 8 pixels a byte
  const moduleAt = (pixel: number) => Math.floor((pixel * cells) / side) - margin;
  const columns = Array.from({ length: side }, (_, x) => moduleAt(x));
  const raw = Buffer.alloc(rowBytes * side, 0xff);
  let previous = -1;
  for (let y = 0; y < side; y++) {
    const row = y * rowBytes;
    raw[row] = 0;
    const r = moduleAt(y);
    // Pixel rows of one module row are alike: each is drawn once, then copied.
    if (r === moduleAt(y - 1) && y > 0) {
      raw.copy(raw, row, previous, previous + rowBytes);
      continue;
    }
    previous = row;
    if (r < 0 || r >= modules.size) continue;
    for (let x = 0; x < side; x++) {
      const c = columns[x];
      if (c >= 0 && c < modules.size && modules.get(r, c)) {
        raw[row + 1 + (x >> 3)] &= ~(0x80 >> (x & 7));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, adaptive filters, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', await deflateAsync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))));
  return Buffer.concat([head, data, crc]);
}
