import { describe, expect, it, vi } from 'vitest';
import { PdfWriter, rememberWidths, takeNewWidths } from '../../src/lib/pdf-writer';

// The same articles in every contract: measuring their lines again for each customer laid them
// out with the font's tables each time, 0.7 s of the server's one thread per contract.
const ARTICLE =
  'Article 4 — Le Client restitue le véhicule à la date, à l’heure et à l’adresse convenues, ' +
  'dans l’état où il lui a été remis, avec le même niveau de carburant ou de charge ; tout ' +
  'kilomètre parcouru au-delà du forfait inclus est facturé au tarif indiqué au contrat.';

async function written(): Promise<{ writer: PdfWriter; bytes: Uint8Array }> {
  const writer = await PdfWriter.create();
  writer.doc.setCreationDate(new Date(0));
  writer.doc.setModificationDate(new Date(0));
  writer.text(ARTICLE);
  writer.text(ARTICLE, { bold: true });
  return { writer, bytes: await writer.doc.save() };
}

describe('PdfWriter line widths', () => {
  it('measures a line once per process, and wraps it the same way every time', async () => {
    const first = await written();
    const second = await PdfWriter.create();
    const regular = vi.spyOn(second.regular, 'widthOfTextAtSize');
    const bold = vi.spyOn(second.bold, 'widthOfTextAtSize');
    second.doc.setCreationDate(new Date(0));
    second.doc.setModificationDate(new Date(0));
    second.text(ARTICLE);
    second.text(ARTICLE, { bold: true });

    expect(regular).not.toHaveBeenCalled();
    expect(bold).not.toHaveBeenCalled();
    // The article spans several lines, at the same heights, in byte-identical documents.
    expect(first.writer.y).toBeLessThan(first.writer.page.getHeight() - 100);
    expect(second.y).toBe(first.writer.y);
    expect(Buffer.from(await second.doc.save()).equals(Buffer.from(first.bytes))).toBe(true);
  });

  it('hands out each width measured once, and does not measure again one remembered', async () => {
    const text = 'Un état des lieux contradictoire est dressé à la livraison du véhicule.';
    const first = await PdfWriter.create();
    takeNewWidths();
    first.text(`${text} (premier fil)`);
    const measured = takeNewWidths();
    expect(measured.length).toBeGreaterThan(0);
    expect(takeNewWidths()).toEqual([]);
    // Another thread's widths: the same keys with a width the font would never give.
    rememberWidths(measured.map(([key]) => [key, 1]));
    const second = await PdfWriter.create();
    const regular = vi.spyOn(second.regular, 'widthOfTextAtSize');
    second.text(`${text} (premier fil)`);
    expect(regular).not.toHaveBeenCalled();
    // Every candidate line is 1 point wide: the whole paragraph fits on one line.
    expect(second.y).toBe(second.page.getHeight() - 50 - 9.5 * 1.45 - 2);
  });

  it('keeps the widths of the regular and the bold font, and of each size, apart', async () => {
    const text = 'Le véhicule a été remis au Client, qui a signé l’état des lieux ce jour.';
    const first = await PdfWriter.create();
    first.text(text);
    const second = await PdfWriter.create();
    const bold = vi.spyOn(second.bold, 'widthOfTextAtSize');
    const regular = vi.spyOn(second.regular, 'widthOfTextAtSize');
    second.text(text, { bold: true });
    second.text(text, { size: 12 });
    expect(bold).toHaveBeenCalled();
    expect(regular).toHaveBeenCalled();
  });
});
