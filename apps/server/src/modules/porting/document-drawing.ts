import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createEvents, type EventAttributes } from 'ics';
import PDFDocument from 'pdfkit';

/**
 * Drawing an order's documents from plain data, in a worker thread of document-pool.ts: everything
 * here costs CPU (laying out and subsetting the fonts, ics checking its event), nothing reads the
 * database. The words are chosen on the request's side (documents.ts); here they are only laid out.
 * This file's text is part of every document's version: a change here draws every document anew.
 */

/** What the application PDF says, every line already worded. */
export interface ApplicationContent {
  /** «Заявление на перенос номера № 12». */
  title: string;
  /** The PDF's Subject: «Перенос номера +7 (903) 765-43-21». */
  subject: string;
  /** When and where it was filed, or that it is a draft. */
  filed: string;
  /** Label and value, one row each. */
  rows: [string, string][];
  /** «Что будет дальше», one point each. */
  next: string[];
  /** Texts the application carries in full (the recipient's contract terms, the consent): a heading, words, points. */
  sections?: { title: string; text?: string; points?: string[] }[];
}

/** A document to draw: the application as a PDF, or the porting night as an iCalendar event. */
export type DocumentTask = { kind: 'pdf'; content: ApplicationContent } | { kind: 'ics'; events: EventAttributes[] };

const require = createRequire(import.meta.url);
/** DejaVu Sans (free licence) carries Cyrillic; pdfkit embeds only the glyphs a document uses. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * A font parsed by fontkit (pdfkit's own font engine), which pdfkit takes wherever it takes a font file
 * (its PDFFontFactory uses an object with `layout` as it is). Typed as the file it stands for, since
 * @types/pdfkit names only files.
 */
type ParsedFont = PDFKit.Mixins.PDFFontSource;
const fontkit = require('fontkit') as { create(data: Buffer): ParsedFont };

let fonts: { body: ParsedFont; bold: ParsedFont } | undefined;
let fontParses = 0;

/**
 * The two faces, parsed once per worker: pdfkit given a file parses it again for every document (three
 * quarters of a document's time).
 */
function parsedFonts(): { body: ParsedFont; bold: ParsedFont } {
  if (!fonts) {
    fonts = { body: fontkit.create(readFileSync(FONT)), bold: fontkit.create(readFileSync(FONT_BOLD)) };
    fontParses++;
  }
  return fonts;
}

/** How many times this thread parsed the fonts (once, however many documents): for the tests. */
export function fontParseCount(): number {
  return fontParses;
}

/** The application as a printable PDF in Russian, with an embedded Cyrillic font. */
export function drawApplication(content: ApplicationContent): Promise<Buffer> {
  const { body, bold } = parsedFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 64, right: 64 },
    info: { Title: content.title, Author: 'Перенос номера', Subject: content.subject },
    lang: 'ru-RU',
    // No default font: pdfkit would parse Helvetica's metrics for every document (about as long as the
    // rest of the drawing) though every line below names its face first.
    font: '',
  });
  doc.registerFont('body', body);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text(content.title);
  doc.moveDown(0.3);
  doc.font('body').fontSize(10).fillColor('#4a524e').text(content.filed);
  doc.fillColor('#000').moveDown(1);
  for (const [label, value] of content.rows) {
    const y = doc.y;
    doc.font('bold').fontSize(11).text(label, { width: 150 });
    const labelBottom = doc.y;
    doc
      .font('body')
      .fontSize(11)
      .text(value, 64 + 160, y, { width: 467 - 160 });
    doc.x = 64;
    doc.y = Math.max(labelBottom, doc.y) + 6;
  }
  for (const section of content.sections ?? []) {
    doc.moveDown(1);
    doc.font('bold').fontSize(12).text(section.title);
    doc.moveDown(0.3);
    if (section.text) doc.font('body').fontSize(10.5).text(section.text, { paragraphGap: 4 });
    if (section.points) doc.font('body').fontSize(10.5).list(section.points, { bulletRadius: 2, paragraphGap: 4 });
  }
  doc.moveDown(1);
  doc.font('bold').fontSize(12).text('Что будет дальше');
  doc.moveDown(0.3);
  doc.font('body').fontSize(10.5).list(content.next, { bulletRadius: 2, paragraphGap: 4 });
  doc.end();
  return done;
}

/** A calendar file (RFC 5545) with its events: the porting window, and the SIM's when it has one. */
export function drawCalendar(events: EventAttributes[]): string {
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('calendar event not made');
  return value;
}

/** Draws a task: the PDF's bytes, or the calendar's text. */
export async function drawDocument(task: DocumentTask): Promise<Uint8Array | string> {
  return task.kind === 'pdf' ? drawApplication(task.content) : drawCalendar(task.events);
}
