import PDFDocument from 'pdfkit';
import { RISK_LEVEL_LABELS, type RiskLevel } from '@zview/contracts';

/**
 * The little layout both PDFs share (pdfkit with its built-in Helvetica: no font files to ship).
 * The built-in fonts encode WinAnsi only, so characters outside it are spelled in ASCII first.
 */
const SPELLED: Record<string, string> = { '→': '->', '−': '-', '≥': '>=', '≤': '<=', '×': 'x', '…': '...' };

export function pdfText(text: string): string {
  return text.replace(/[→−≥≤×…]/g, (c) => SPELLED[c] ?? c).replace(/[^\x20-\x7E\xA0-\xFF\n’‘“”–—•]/g, '?');
}

export type Pdf = InstanceType<typeof PDFDocument>;

export const INK = '#1b2430';
export const MUTED = '#5b6673';
export const ACCENT = '#b4441c';
export const LEVEL_COLOURS: Record<string, string> = {
  high: '#c62828',
  medium: '#ef8f00',
  low: '#2e7d32',
  none: '#78909c',
};

/** A new letter-size document; the caller writes to it, then calls `end()`, and streams it. */
export function newPdf(title: string, author: string): Pdf {
  return new PDFDocument({
    size: 'LETTER',
    margin: 54,
    bufferPages: false,
    info: { Title: pdfText(title), Author: pdfText(author), Creator: 'Z-VIEW' },
  });
}

export function heading(doc: Pdf, text: string): void {
  if (doc.y > doc.page.height - 140) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text(pdfText(text)).moveDown(0.3);
  doc.font('Helvetica').fontSize(10.5).fillColor(INK);
}

export function paragraph(doc: Pdf, text: string, options: { muted?: boolean; bold?: boolean } = {}): void {
  doc
    .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(10.5)
    .fillColor(options.muted ? MUTED : INK)
    .text(pdfText(text), { align: 'left' })
    .moveDown(0.3);
  doc.font('Helvetica').fillColor(INK);
}

export function bullets(doc: Pdf, items: readonly string[]): void {
  for (const item of items) {
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor(INK)
      .text(`•  ${pdfText(item)}`, { indent: 8 })
      .moveDown(0.15);
  }
  doc.moveDown(0.2);
}

/** Rows of label and value in two columns. */
export function facts(doc: Pdf, rows: readonly [string, string][]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(pdfText(label), left, y, { width: 150 });
    const afterLabel = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor(INK)
      .text(pdfText(value), left + 160, y, { width: width - 160 });
    doc.y = Math.max(doc.y, afterLabel) + 3;
  }
  doc.x = left;
}

/** A risk level as the score cards' chip writes it ('Medium risk'). */
export function riskWords(level: string): string {
  return Object.hasOwn(RISK_LEVEL_LABELS, level) ? RISK_LEVEL_LABELS[level as RiskLevel] : `${level} risk`;
}

/** A coloured badge with a score and level, as on the score cards. */
export function scoreBadge(doc: Pdf, label: string, score: number | null, level: string): void {
  const x = doc.page.margins.left;
  const y = doc.y + 4;
  doc.roundedRect(x, y, 210, 54, 6).fill(LEVEL_COLOURS[level] ?? LEVEL_COLOURS.none);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(score === null ? '-' : score.toFixed(1), x + 14, y + 12, { width: 80 });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(pdfText(label), x + 92, y + 12, { width: 112 })
    .font('Helvetica')
    .text(riskWords(level), x + 92, y + 30, { width: 112 });
  doc.fillColor(INK);
  doc.x = x;
  doc.y = y + 64;
}
