import { PassThrough, type Readable, type TransformOptions } from 'node:stream';
import { isMainThread } from 'node:worker_threads';
import zlib from 'node:zlib';

/** Excel's own limit of rows per sheet. */
export const XLSX_MAX_ROWS = 1_048_576;

/** Characters XML 1.0 cannot carry at all: dropped. */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** A cell needs more than copying when it has one of these (nearly none do). */
// eslint-disable-next-line no-control-regex
const NEEDS_CARE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|^\s|\s$/;

export type XlsxCell = string | number | null;

/** Text for an XML element: unrepresentable characters dropped, & < > escaped. */
export function escapeXmlText(value: string): string {
  return value.replace(NOT_IN_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
];

const workbookXml = (sheetName: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXmlText(sheetName).replaceAll('"', '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One row's XML: text as inline strings (never a formula, whatever it starts with), numbers as number cells, empty cells left out. */
function rowXml(rowIndex: number, cells: readonly XlsxCell[], columns: string[]): string {
  let xml = `<row r="${rowIndex}">`;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === null || cell === undefined || cell === '') continue;
    const ref = (columns[i] ??= columnName(i)) + rowIndex;
    if (typeof cell === 'number') {
      if (Number.isFinite(cell)) xml += `<c r="${ref}"><v>${cell}</v></c>`;
      continue;
    }
    if (!NEEDS_CARE.test(cell)) {
      xml += `<c r="${ref}" t="inlineStr"><is><t>${cell}</t></is></c>`;
      continue;
    }
    const text = escapeXmlText(cell);
    if (text) xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
  }
  return `${xml}</row>`;
}

/** On a render thread the XML is deflated here, a step at a time (ZipWriter.deflateHere). */
const DEFLATE_ON_THIS_THREAD = !isMainThread;
const DEFLATE_HERE_STEP = 1 << 20;

/** How much XML may wait for the deflate (a bound on memory, per export). */
const DEFLATE_AHEAD = 4 * 1024 * 1024;

interface ZipEntry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** ZIP's 32-bit fields saturate here; a value at or past it goes in a ZIP64 field instead. */
const ZIP32_LIMIT = 0xffffffff;

/**
 * A zip written as it goes (data descriptors: no size needed in advance). A sheet of Excel's
 * 1,048,576 rows with long text can pass 4 GiB of XML, so an entry, an offset or the central
 * directory that outgrows 32 bits is written in ZIP64 form (APPNOTE 4.3.9, 4.5.3, 4.3.14): the
 * descriptor with 8-byte sizes, a ZIP64 extra field in the central record, and the ZIP64 end
 * records. `zip64From` lowers the threshold so tests can check that form on small files.
 */
class ZipWriter {
  readonly out = new PassThrough({ highWaterMark: 1 << 20 });
  private offset = 0;
  private readonly entries: ZipEntry[] = [];

  constructor(private readonly zip64From = ZIP32_LIMIT) {}

  private async push(chunk: Buffer) {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await new Promise((resolve) => this.out.once('drain', resolve));
  }

  private needsZip64(entry: ZipEntry) {
    return entry.size >= this.zip64From || entry.compressed >= this.zip64From;
  }

  async addEntry(name: string, content: AsyncIterable<string> | Iterable<string>) {
    const nameBytes = Buffer.from(name, 'utf8');
    const entry: ZipEntry = { name: nameBytes, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(45, 4); // version needed: 4.5, ZIP64 (the sizes are not known yet)
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(nameBytes.length, 26);
    await this.push(Buffer.concat([header, nameBytes]));
    await (DEFLATE_ON_THIS_THREAD ? this.deflateHere(entry, content) : this.deflateOnLibuv(entry, content));
    const wide = this.needsZip64(entry);
    const descriptor = Buffer.alloc(wide ? 24 : 16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    if (wide) {
      descriptor.writeBigUInt64LE(BigInt(entry.compressed), 8);
      descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
    } else {
      descriptor.writeUInt32LE(entry.compressed, 8);
      descriptor.writeUInt32LE(entry.size, 12);
    }
    await this.push(descriptor);
    this.entries.push(entry);
  }

  /** Deflates on libuv's threads (the API's thread: its event loop stays free meanwhile). */
  private async deflateOnLibuv(entry: ZipEntry, content: AsyncIterable<string> | Iterable<string>) {
    // The deflate runs on libuv's threads: room for a few MB of XML ahead of it, so the next pages
    // are built while it works (with the default 16 KB every page waited for the last one's
    // deflate, and the two took turns), and output in 128 KB steps rather than 16 KB (a round
    // trip to the thread pool each).
    // (zlib's streams take Transform's options too; its types list only zlib's own.)
    const options: zlib.ZlibOptions & TransformOptions = {
      level: 1,
      memLevel: 9,
      chunkSize: 128 * 1024,
      writableHighWaterMark: DEFLATE_AHEAD,
    };
    const deflate = zlib.createDeflateRaw(options);
    const drained = (async () => {
      for await (const chunk of deflate) {
        entry.compressed += (chunk as Buffer).length;
        await this.push(chunk as Buffer);
      }
    })();
    try {
      for await (const text of content) {
        const bytes = Buffer.from(text, 'utf8');
        entry.crc = zlib.crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
      }
    } finally {
      deflate.end();
      await drained;
    }
  }

  /**
   * Deflates on this thread (a render thread, domain/off-loop): libuv's threads are shared with
   * the API's thread and run at its priority, this one runs below it. Each MB of XML is deflated
   * on its own, flushed to a byte boundary (Z_SYNC_FLUSH) and the last one finished: the pieces
   * concatenated are one valid deflate stream (each starts with an empty dictionary).
   */
  private async deflateHere(entry: ZipEntry, content: AsyncIterable<string> | Iterable<string>) {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const deflatePending = async (last: boolean) => {
      const finishFlush = last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH;
      const deflated = zlib.deflateRawSync(Buffer.concat(pending), { level: 1, memLevel: 9, finishFlush });
      pending = [];
      pendingBytes = 0;
      entry.compressed += deflated.length;
      await this.push(deflated);
    };
    for await (const text of content) {
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = zlib.crc32(bytes, entry.crc);
      entry.size += bytes.length;
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= DEFLATE_HERE_STEP) await deflatePending(false);
    }
    await deflatePending(true);
  }

  private centralRecord(entry: ZipEntry) {
    const wideSizes = this.needsZip64(entry);
    const wideOffset = entry.offset >= this.zip64From;
    // The ZIP64 extra field holds, in this order, only the values whose 32-bit field saturated.
    const extraValues = [...(wideSizes ? [entry.size, entry.compressed] : []), ...(wideOffset ? [entry.offset] : [])];
    const extra = Buffer.alloc(extraValues.length ? 4 + 8 * extraValues.length : 0);
    if (extraValues.length) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8 * extraValues.length, 2);
      extraValues.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(45, 4);
    record.writeUInt16LE(45, 6);
    record.writeUInt16LE(0x0808, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(wideSizes ? ZIP32_LIMIT : entry.compressed, 20);
    record.writeUInt32LE(wideSizes ? ZIP32_LIMIT : entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt16LE(extra.length, 30);
    record.writeUInt32LE(wideOffset ? ZIP32_LIMIT : entry.offset, 42);
    return Buffer.concat([record, entry.name, extra]);
  }

  async finish() {
    const start = this.offset;
    for (const entry of this.entries) await this.push(this.centralRecord(entry));
    const size = this.offset - start;
    const wide = start >= this.zip64From || size >= this.zip64From || this.entries.some((e) => this.needsZip64(e));
    if (wide) {
      const zip64End = Buffer.alloc(56);
      zip64End.writeUInt32LE(0x06064b50, 0);
      zip64End.writeBigUInt64LE(44n, 4); // size of the rest of this record
      zip64End.writeUInt16LE(45, 12);
      zip64End.writeUInt16LE(45, 14);
      zip64End.writeBigUInt64LE(BigInt(this.entries.length), 24);
      zip64End.writeBigUInt64LE(BigInt(this.entries.length), 32);
      zip64End.writeBigUInt64LE(BigInt(size), 40);
      zip64End.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(this.offset), 8);
      locator.writeUInt32LE(1, 16); // disks in all
      await this.push(Buffer.concat([zip64End, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(wide ? ZIP32_LIMIT : size, 12);
    end.writeUInt32LE(wide ? ZIP32_LIMIT : start, 16);
    await this.push(end);
    this.out.end();
  }
}

/**
 * Streams pages of rows (the first row is the header) into a one-sheet XLSX workbook: a small
 * writer of our own (exceljs' streaming writer took about three times as long for the same
 * sheet), read back by exceljs in the tests. Each page is written and deflated as it comes, so
 * memory stays flat. Numbers are number cells; text is an inline string (never a formula,
 * whatever it starts with); null and '' are empty cells.
 */
export function xlsxFromPages(
  pages: AsyncIterable<readonly (readonly XlsxCell[])[]>,
  sheetName = 'Portfolio',
  zip64From?: number,
): Readable {
  const zip = new ZipWriter(zip64From);
  (async () => {
    for (const [name, xml] of PARTS) await zip.addEntry(name, [xml]);
    await zip.addEntry('xl/workbook.xml', [workbookXml(sheetName.slice(0, 31))]);
    const columns: string[] = [];
    await zip.addEntry(
      'xl/worksheets/sheet1.xml',
      (async function* () {
        yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
        let count = 0;
        for await (const page of pages) {
          let xml = '';
          for (const row of page) {
            count += 1;
            if (count > XLSX_MAX_ROWS)
              throw new Error(`An Excel sheet holds at most ${XLSX_MAX_ROWS.toLocaleString('en-US')} rows.`);
            xml += rowXml(count, row, columns);
          }
          yield xml;
        }
        yield '</sheetData></worksheet>';
      })(),
    );
    await zip.finish();
  })().catch((error: Error) => zip.out.destroy(error));
  return zip.out;
}
