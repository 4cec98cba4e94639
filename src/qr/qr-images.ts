import QRCode from 'qrcode';
import { qrPng } from './qr-png';

export const QR_FORMATS = ['png', 'svg', 'pdf'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

export const QR_CONTENT_TYPES: Record<QrFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

export const DEFAULT_QR_WIDTH = 512;

/** Quiet zone in modules: the 4 the standard asks for, so every scanner finds the code. */
const MARGIN = 4;

/** The QR code of `text` as an image; `size` is the PNG's width in pixels. */
export async function qrImage(
  text: string,
  format: QrFormat,
  size = DEFAULT_QR_WIDTH,
): Promise<Buffer> {
  const options = { errorCorrectionLevel: 'M' as const, margin: MARGIN };
  if (format === 'png') return qrPng(QRCode.create(text, options).modules, MARGIN, size);
  if (format === 'svg') {
    return Buffer.from(await QRCode.toString(text, { ...options, type: 'svg', width: size }));
  }
  return qrPdf(QRCode.create(text, options).modules);
}

export interface QrModules {
  size: number;
  get(row: number, col: number): number | boolean;
}

/**
 * A one-page vector PDF (print shops scale it without blur). `qrcode` draws PNG and SVG only; a
 * page of filled rectangles is a few lines of PDF, not worth a PDF library.
 */
function qrPdf(modules: QrModules): Buffer {
  const cell = 6; // points: a version-4 code is about 7 cm wide with its margin
  const side = (modules.size + 2 * MARGIN) * cell;
  const rects: string[] = [];
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size;) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < modules.size && modules.get(r, c)) c++;
      const x = (start + MARGIN) * cell;
      const y = side - (r + MARGIN + 1) * cell;
      rects.push(`${x} ${y} ${(c - start) * cell} ${cell} re`);
    }
  }
  const content = `0 0 0 rg\n${rects.join('\n')}\nf\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${side} ${side}] /Resources << >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}endstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
