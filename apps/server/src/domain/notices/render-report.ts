import { formatNumber } from '@zview/contracts';
import { bboxAround, pixelProjector, type LngLat } from '../imagery/geo.js';
import { ORTHO_SIZE } from '../imagery/service.js';
import {
  bullets,
  facts,
  heading,
  INK,
  LEVEL_COLOURS,
  MUTED,
  newPdf,
  paragraph,
  pdfText,
  riskWords,
  type Pdf,
} from './pdf-layout.js';
import type { ReportContent } from './report-content.js';

const MAP_PT = 300;
const PARCEL_COLOUR = '#ffd600';
const BUILDING_COLOUR = '#00e5ff';

/**
 * Writes a property report into a new document and ends it; `ortho` is the newest orthophoto
 * (JPEG bytes covering ORTHO_SIZE around the property, as the imagery service renders it) or null.
 */
export function renderReport(content: ReportContent, ortho: Buffer | null): Pdf {
  const doc = newPdf(`Property report: ${content.address}`, content.organizationName);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(pdfText(`${content.organizationName}  ·  issued ${content.issuedOn}`));
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(18).fillColor(INK).text('Property report');
  doc.font('Helvetica').fontSize(11).text(pdfText(content.address));
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(pdfText(`Property ${content.propertyId}  ·  features as of ${content.asOf}`))
    .fillColor(INK);

  heading(doc, 'Map: parcel and buildings');
  drawMap(doc, content, ortho);

  heading(doc, 'Scores');
  for (const s of content.scores) scoreRow(doc, s);

  heading(doc, 'Imagery');
  if (content.imagery.length)
    bullets(
      doc,
      content.imagery.map(
        (i) => `${i.capturedOn}  ·  ${i.kind}${i.direction ? ` (${i.direction})` : ''}  ·  ${i.provider}`,
      ),
    );
  else paragraph(doc, 'No imagery covers this property.', { muted: true });

  heading(doc, 'Building permits');
  if (content.permits.length)
    bullets(
      doc,
      content.permits.map(
        (p) =>
          `${p.issuedOn}  ·  ${p.kind}: ${p.description}${p.valuationUsd ? `  ·  $${p.valuationUsd.toLocaleString('en-US')}` : ''}${p.contractor ? `  ·  ${p.contractor}` : ''}`,
      ),
    );
  else paragraph(doc, 'No building permits on record.', { muted: true });

  heading(doc, 'History');
  if (content.history.length)
    bullets(
      doc,
      content.history.map((h) => `${h.date}  ·  ${h.what}`),
    );
  else paragraph(doc, 'No published appeals, mitigations or weather events.', { muted: true });
  doc.end();
  return doc;
}

function scoreRow(doc: Pdf, s: ReportContent['scores'][number]): void {
  if (doc.y > doc.page.height - 160) doc.addPage();
  const x = doc.page.margins.left;
  const y = doc.y + 2;
  doc.roundedRect(x, y, 44, 22, 4).fill(LEVEL_COLOURS[s.riskLevel] ?? LEVEL_COLOURS.none!);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(s.score === null ? '-' : s.score.toFixed(1), x, y + 6, { width: 44, align: 'center' });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`${s.name}  ·  ${riskWords(s.riskLevel)}`, x + 54, y, { width: 440 });
  // Each label and its value as the property view writes them ('Confidence: High (93%)'), not run together.
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      pdfText(
        `Confidence: ${s.confidence}  ·  Model version: ${s.modelVersion}${s.amendedOn ? `  ·  Amended by appeal on ${s.amendedOn}` : ''}${s.unavailableReason ? `  ·  ${s.unavailableReason}` : ''}`,
      ),
      x + 54,
      doc.y,
      { width: 440 },
    );
  doc.x = x;
  doc.y = Math.max(doc.y, y + 26);
  facts(
    doc,
    s.factors.map((f) => [f.name, `${f.value}: ${f.effect}`] as [string, string]),
  );
  doc.moveDown(0.4);
}

/** The orthophoto with the parcel (yellow) and building outlines (cyan) drawn on it, and a caption. */
function drawMap(doc: Pdf, content: ReportContent, ortho: Buffer | null): void {
  if (doc.y > doc.page.height - MAP_PT - 80) doc.addPage();
  const x = doc.page.margins.left;
  const y = doc.y + 4;
  if (ortho) doc.image(ortho, x, y, { width: MAP_PT, height: MAP_PT });
  else doc.rect(x, y, MAP_PT, MAP_PT).fill('#e8ecef');
  const bbox = bboxAround(content.center, ORTHO_SIZE.halfWidthM);
  const { project } = pixelProjector(bbox, MAP_PT, MAP_PT);
  const outline = (ring: number[][], colour: string, width: number) => {
    const points = ring.map((p) => {
      const [px, py] = project(p as LngLat);
      return [x + px, y + py] as [number, number];
    });
    if (points.length < 3) return;
    doc.save().rect(x, y, MAP_PT, MAP_PT).clip();
    doc
      .polygon(...points)
      .lineWidth(width)
      .strokeColor(colour)
      .stroke();
    doc.restore();
  };
  const parcel = content.map.parcel;
  const rings = !parcel
    ? []
    : parcel.type === 'Polygon'
      ? [parcel.coordinates[0]!]
      : parcel.coordinates.map((p) => p[0]!);
  for (const ring of rings) outline(ring, PARCEL_COLOUR, 2);
  for (const b of content.map.buildings) outline(b.outline.coordinates[0]!, BUILDING_COLOUR, 1.5);
  doc.rect(x, y, MAP_PT, MAP_PT).lineWidth(0.5).strokeColor(MUTED).stroke();

  const legendX = x + MAP_PT + 16;
  const legend = (colour: string, label: string, at: number) => {
    doc.rect(legendX, at + 2, 14, 8).fill(colour);
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(label, legendX + 20, at, { width: 170 });
  };
  legend(PARCEL_COLOUR, 'Parcel', y);
  legend(BUILDING_COLOUR, `Buildings (${content.map.buildings.length})`, y + 16);
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(
      pdfText(
        content.map.capturedOn
          ? `Orthophoto of ${content.map.capturedOn}, provider ${content.map.provider}. ${formatNumber(Math.round(ORTHO_SIZE.halfWidthM * 2))} m across, north up.`
          : 'No orthophoto covers this property: outlines only.',
      ),
      legendX,
      y + 40,
      { width: 170 },
    );
  doc.fillColor(INK);
  doc.x = x;
  doc.y = y + MAP_PT + 8;
}
