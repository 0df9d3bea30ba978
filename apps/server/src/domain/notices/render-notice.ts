import { NOTICE_BLOCKS } from '@zview/contracts';
import type { NoticeContent } from './content.js';
import { bullets, facts, heading, newPdf, paragraph, pdfText, scoreBadge, type Pdf } from './pdf-layout.js';

const TITLES = {
  CO: 'Wildfire and property risk score notice (Colorado)',
  CA: 'Property risk score notice (California)',
  default: 'Property risk score notice',
} as const;

/** Writes a score notice into a new document and ends it: the caller streams the document. */
export function renderNotice(content: NoticeContent): Pdf {
  const doc = newPdf(`${content.productName} score notice: ${content.address}`, content.organizationName);
  writeNotice(doc, content);
  doc.end();
  return doc;
}

/** The notice's pages, written into `doc` (a ZIP of notices writes many documents this way). */
export function writeNotice(doc: Pdf, c: NoticeContent): void {
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#5b6673')
    .text(pdfText(`${c.organizationName}  ·  issued ${c.issuedOn}`));
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(18).fillColor('#1b2430').text(TITLES[c.template]);
  doc.font('Helvetica').fontSize(11).text(pdfText(c.address)).moveDown(0.2);
  doc.fontSize(9).fillColor('#5b6673').text(`Property ${c.propertyId}`).fillColor('#1b2430');

  heading(doc, NOTICE_BLOCKS.introduction);
  paragraph(doc, c.texts.introduction);

  heading(doc, `Your ${c.productName} score`);
  scoreBadge(doc, c.productName, c.score, c.riskLevel);
  paragraph(doc, c.headline, { bold: true });
  facts(doc, [
    ['Score range', `${c.scoreRange.min} to ${c.scoreRange.max}. ${c.levelBands}`],
    ['Scored as of', c.asOf],
    ['Model version', c.modelVersion],
    ['Confidence', c.confidence],
    ...(c.amendedOn ? ([['Amended by appeal', c.amendedOn]] as [string, string][]) : []),
  ]);

  heading(doc, 'Why this score: the main features behind it');
  if (c.factors.length) {
    paragraph(doc, 'The features of your property and its surroundings that moved the score most:', { muted: true });
    bullets(
      doc,
      c.factors.map((f) => `${f.name} (${f.value}) ${f.effect}. ${f.description}`),
    );
  } else paragraph(doc, c.unavailableReason ?? 'No single feature moved this score.');

  heading(doc, 'What would lower this score');
  if (c.mitigations.length) {
    bullets(
      doc,
      c.mitigations.map((m) => `${m.sentence} ${m.change}.`),
    );
    if (c.combined) paragraph(doc, c.combined.sentence, { bold: true });
    paragraph(doc, 'Each figure is computed by the same model that gave your score, with the change in place.', {
      muted: true,
    });
  } else paragraph(doc, 'The model credits no further mitigation for this property.');

  if (c.california) {
    heading(doc, 'Mitigations credited under 10 CCR 2644.9 (Safer from Wildfires)');
    bullets(
      doc,
      c.california.map(
        (m) => `${m.name}: ${m.credited ? 'would lower this score' : 'in place or not scored by this model'}`,
      ),
    );
  }

  heading(doc, NOTICE_BLOCKS.how_to_appeal);
  paragraph(doc, c.texts.how_to_appeal);

  heading(doc, 'Deadlines');
  if (c.template === 'CO')
    paragraph(doc, 'Colorado HB25-1182 (2025) sets these periods; we keep to them or shorter ones:', { muted: true });
  bullets(doc, c.deadlineSentences);

  heading(doc, NOTICE_BLOCKS.contact);
  paragraph(doc, c.texts.contact);
}
