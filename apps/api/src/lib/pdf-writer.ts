import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { formatEuros } from '@vroum/core/money-format';
import { reencodeDrawing, reencodePhoto } from './image-decoding';
import { loadFonts, measuredWithLayoutsDropped, sharingFontkit } from './pdf-fonts';

/** A4 pages written top-down with the site's fonts and colours: contracts and reports. */
export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const INK = rgb(0.05, 0.05, 0.05);
export const MUTED = rgb(0.42, 0.41, 0.38);
export const GOLD = rgb(0.78, 0.66, 0.42);

/** Amounts in documents as on the pages and in the mails. */
export const euros = formatEuros;
export { parisDateTime } from './french-dates';
export const frenchDay = (day: string) => (day ? day.split('-').reverse().join('/') : '');

/**
 * Embeds a photo: a JPEG as it is stored (the PDF then holds the very file that is served), any
 * other image made a JPEG first. What cannot be read becomes `failure()`, an error meant for the
 * person who sent the image (a French 4xx), never a server error.
 */
export async function embedPhoto(
  doc: PDFDocument,
  photo: { bytes: Uint8Array; contentType: string },
  failure: () => Error,
): Promise<PDFImage> {
  let jpeg = photo.bytes;
  if (photo.contentType !== 'image/jpeg') {
    const made = await reencodePhoto(Buffer.from(photo.bytes), ['png', 'webp', 'jpeg'], {
      maxSide: 1600,
      quality: 88,
    });
    if (!made.ok) throw failure();
    // A copy with its own ArrayBuffer: pdf-lib reads from offset 0 of the buffer.
    jpeg = new Uint8Array(made.value.bytes);
  }
  return doc.embedJpg(jpeg).catch(() => {
    throw failure();
  });
}

/**
 * Embeds a drawn signature (a PNG) once sharp has decoded it and written it again: the PDF
 * library is never handed a PNG it might choke on. What is not a readable PNG becomes `failure()`.
 */
export async function embedDrawing(
  doc: PDFDocument,
  png: Uint8Array,
  failure: () => Error,
): Promise<PDFImage> {
  const drawing = await reencodeDrawing(png);
  if (!drawing) throw failure();
  return doc.embedPng(new Uint8Array(drawing)).catch(() => {
    throw failure();
  });
}

/** Writes text top-down across pages, wrapping lines to the page width. */
export class PdfWriter {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  static async create(): Promise<PdfWriter> {
    const writer = await PdfWriter.attach(await PDFDocument.create());
    writer.newPage();
    return writer;
  }

  /** A writer that adds pages to an existing document (the seal's audit-trail page). */
  static async attach(doc: PDFDocument): Promise<PdfWriter> {
    doc.registerFontkit(sharingFontkit);
    const { regular, bold } = await loadFonts();
    return new PdfWriter(
      doc,
      await doc.embedFont(regular, { subset: true }),
      await doc.embedFont(bold, { subset: true }),
    );
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    return this.page;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; color?: typeof INK; gap?: number } = {},
  ) {
    const size = options.size ?? 9.5;
    const font = options.bold ? this.bold : this.regular;
    for (const line of wrap(value, font, size, A4.width - 2 * MARGIN)) {
      this.ensure(size * 1.45);
      this.page.drawText(line, {
        x: MARGIN,
        y: this.y - size,
        size,
        font,
        color: options.color ?? INK,
      });
      this.y -= size * 1.45;
    }
    this.y -= options.gap ?? 2;
  }

  heading(value: string) {
    this.ensure(40);
    this.y -= 8;
    this.text(value, { size: 12, bold: true, gap: 4 });
  }

  /** A label and its value on one line, the value right-aligned (price lines). */
  row(label: string, value: string, bold = false) {
    const size = 9.5;
    const font = bold ? this.bold : this.regular;
    this.ensure(size * 1.6);
    this.page.drawText(label, { x: MARGIN, y: this.y - size, size, font, color: INK });
    const width = font.widthOfTextAtSize(value, size);
    this.page.drawText(value, {
      x: A4.width - MARGIN - width,
      y: this.y - size,
      size,
      font,
      color: INK,
    });
    this.y -= size * 1.6;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: GOLD,
    });
    this.y -= 8;
  }
}

/**
 * Widths already measured, by font, size and text. Measuring lays the text out with the font's
 * OpenType tables (kerning, ligatures), a few milliseconds per line on the server's one
 * JavaScript thread: a contract measured each growing line word by word, 0.7 s of CPU during
 * which no other request was served. Its articles are the same for every customer, so their
 * lines are measured once per process; a width never changes for the same font, size and text.
 */
const measured = new Map<string, number>();
const MEASURED_MAX = 50_000;
/** Widths measured since `takeNewWidths` was last called. */
let fresh: [string, number][] = [];

/**
 * The widths measured since the last call. A PDF thread hands them to the pool, which gives all
 * it knows to each new thread: a thread started during a rush does not measure everything again
 * (the first contract costs five times the next ones).
 */
export function takeNewWidths(): [string, number][] {
  const taken = fresh;
  fresh = [];
  return taken;
}

/** Widths another thread measured (the same font, size and text always have the same width). */
export function rememberWidths(entries: readonly (readonly [string, number])[]): void {
  for (const [key, width] of entries.slice(0, MEASURED_MAX)) measured.set(key, width);
}

function widthOf(font: PDFFont, text: string, size: number): number {
  const key = `${font.name}\u0000${size}\u0000${text}`;
  let width = measured.get(key);
  if (width === undefined) {
    width = measuredWithLayoutsDropped(() => font.widthOfTextAtSize(text, size));
    // Bounded: the lines that differ per customer (names, addresses) do not pile up forever.
    if (measured.size >= MEASURED_MAX) measured.clear();
    measured.set(key, width);
    // Bounded too, where no pool takes them (a rendering in this thread: tests, scripts).
    if (fresh.length < MEASURED_MAX) fresh.push([key, width]);
  }
  return width;
}

function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (widthOf(font, candidate, size) > width && line) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}
