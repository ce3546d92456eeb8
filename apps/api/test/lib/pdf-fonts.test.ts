import fontkit from '@pdf-lib/fontkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PdfWriter } from '../../src/lib/pdf-writer';

// The fonts are parsed once per thread and each drawn line laid out once: a contract's articles
// cost 90 ms of CPU per customer when every document parsed the fonts and laid out its lines again.

async function document(lines: string[]): Promise<Buffer> {
  const writer = await PdfWriter.create();
  writer.doc.setCreationDate(new Date(0));
  writer.doc.setModificationDate(new Date(0));
  for (const line of lines) writer.text(line);
  writer.text(lines[0]!, { bold: true });
  writer.row('Total', '1 234,56 €', true);
  return Buffer.from(await writer.doc.save());
}

afterEach(() => vi.restoreAllMocks());

describe('Document fonts', () => {
  it('parses each font once per thread, however many documents are written', async () => {
    await document(['Contrat de location']);
    const create = vi.spyOn(fontkit, 'create');
    await document(['Contrat de location']);
    await document(['État des lieux de livraison']);
    expect(create).not.toHaveBeenCalled();
  });

  it('writes a document the same bytes whatever was written before it', async () => {
    const lines = ['Article 1 — Le Client restitue le véhicule', 'Caution : 5 000 €'];
    const alone = await document(lines);
    // Other glyphs, and the same lines again among others: kept layouts and the shared fonts
    // must not carry a glyph or a position from one document into the next.
    await document(['ŽŸÆ œ « Ω » 0123456789 ﬁ', ...lines, 'Ville : Saint-Étienne']);
    expect((await document(lines)).equals(alone)).toBe(true);
  });

  it('embeds in a document only the glyphs it draws', async () => {
    await document(['ŽŸÆ œ « Ω » 0123456789']);
    const few = await document(['ab']);
    const many = await document(['ab', 'ŽŸÆ œ « Ω » 0123456789 abcdefghijklmnopqrstuvwxyz']);
    expect(few.length).toBeLessThan(many.length - 1000);
  });
});
