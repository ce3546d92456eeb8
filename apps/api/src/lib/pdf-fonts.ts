// The fonts of the documents (contracts, reports, invoices): DejaVu Sans, regular and bold, read
// from the package once and parsed once per thread.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit, { type Font, type GlyphRun } from '@pdf-lib/fontkit';

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/**
 * DejaVu Sans, embedded: the standard PDF fonts cannot print the narrow no-break space that
 * French number formatting puts in amounts, nor every accented capital.
 */
export function loadFonts() {
  fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

/**
 * The two fonts, parsed once per thread and shared by every document, with the layout of each line
 * drawn kept. pdf-lib otherwise parsed the font file again for each document and laid out every
 * line it drew with the font's OpenType tables (ligatures, kerning), though the articles are the
 * same for every customer: a contract took 90 ms of CPU, 25 ms now, and two PDF threads spent most
 * of a rush of signatures and handovers there. A font and a laid-out line are only read once made
 * (a document's subset lists the glyphs it used), and each use is synchronous, so documents
 * rendered in turn can share them. The layouts of the candidate lines measured while wrapping are
 * not kept: the writer keeps their widths, and their layouts would be most of the memory.
 */
const sharedFonts = new Map<Uint8Array, Font>();
const LAYOUTS_MAX = 2_000;
/** True while a candidate line is measured (`measuredWithLayoutsDropped`). */
let measuring = false;

function withKeptLayouts(font: Font): Font {
  const layouts = new Map<string, GlyphRun>();
  const layout = font.layout.bind(font);
  font.layout = (text, features) => {
    // Features other than the font's defaults are laid out each time (pdf-lib passes none).
    if (measuring || features !== undefined) return layout(text, features);
    let run = layouts.get(text);
    if (!run) {
      run = layout(text);
      // Bounded: the lines that differ per customer (names, addresses) do not pile up forever.
      if (layouts.size >= LAYOUTS_MAX) layouts.clear();
      layouts.set(text, run);
    }
    return run;
  };
  return font;
}

/** Given to each document (`registerFontkit`): the thread's two fonts, parsed once. */
export const sharingFontkit = {
  create(bytes: Uint8Array, postscriptName?: string): Font {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    let font = sharedFonts.get(bytes);
    if (!font) {
      font = withKeptLayouts(fontkit.create(bytes));
      sharedFonts.set(bytes, font);
    }
    return font;
  },
};

/**
 * Measures with the layouts made along the way dropped: a wrapped paragraph's candidate lines are
 * measured once each (their widths are kept by the writer) and never drawn.
 */
export function measuredWithLayoutsDropped(measure: () => number): number {
  measuring = true;
  try {
    return measure();
  } finally {
    measuring = false;
  }
}
