import { extractText, getDocumentProxy, renderPageAsImage } from 'unpdf';
import sharp from 'sharp';

/**
 * Reading PDFs back in tests (issue 42): their text, as pdf.js extracts it, and their pages
 * rendered to PNG (pdf.js on @napi-rs/canvas: prebuilt, nothing but npm needed on a clean CI).
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(doc, { mergePages: true });
  // pdf.js breaks lines where the layout wraps them: one space between words reads as written.
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

export async function renderPdfPage(bytes: Uint8Array, page: number): Promise<Buffer> {
  const png = await renderPageAsImage(new Uint8Array(bytes), page, {
    canvasImport: () => import('@napi-rs/canvas'),
    scale: 1,
  });
  return Buffer.from(png);
}

/** Share of pixels that are not (near) white, and how many distinct colours a coarse view of the page has. */
export async function inkOf(png: Buffer): Promise<{ inked: number; colours: number }> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let inked = 0;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r < 235 || g < 235 || b < 235) inked += 1;
    colours.add(((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5));
  }
  return { inked: inked / (info.width * info.height), colours: colours.size };
}
