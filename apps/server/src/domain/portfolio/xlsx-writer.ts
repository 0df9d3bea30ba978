import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A streaming writer of single-sheet XLSX files: rows go out as they come, deflated, with
 * constant memory. (exceljs, the usual choice, cannot be installed from this registry: one of
 * its transitive dependencies is missing.) Cells are inline strings, so nothing is evaluated.
 * The zip uses data descriptors so no size is needed in advance; files stay under 4 GB, far
 * beyond Excel's own limit of 1,048,576 rows.
 */
export const XLSX_MAX_ROWS = 1_048_576;

const STATIC_PARTS: [string, string][] = [
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

function workbookXml(sheetName: string) {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

export function escapeXml(value: string): string {
  return (
    value
      // Characters XML 1.0 cannot carry at all are dropped.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(rowIndex: number, values: readonly string[]): string {
  const cells = values
    .map((value, i) => (value === '' ? '' : `<c r="${columnName(i)}${rowIndex}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`))
    .join('');
  return `<row r="${rowIndex}">${cells}</row>`;
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** Builds the zip around the entries as they are written. */
class ZipWriter {
  readonly out = new PassThrough();
  private offset = 0;
  private readonly entries: Entry[] = [];

  private async push(chunk: Buffer) {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await new Promise((resolve) => this.out.once('drain', resolve));
  }

  async addEntry(name: string, content: AsyncIterable<string>) {
    const nameBytes = Buffer.from(name, 'utf8');
    const entry: Entry = { name: nameBytes, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(nameBytes.length, 26);
    await this.push(Buffer.concat([header, nameBytes]));
    const deflate = zlib.createDeflateRaw({ level: 6 });
    const drained = (async () => {
      for await (const chunk of deflate) {
        entry.compressed += (chunk as Buffer).length;
        await this.push(chunk as Buffer);
      }
    })();
    for await (const text of content) {
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = zlib.crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end();
    await drained;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.push(descriptor);
    this.entries.push(entry);
  }

  async finish() {
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt32LE(entry.crc >>> 0, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.push(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.push(end);
    this.out.end();
  }
}

async function* single(text: string) {
  yield text;
}

/** Streams rows (the first is the header) into an XLSX workbook with one sheet. */
export function xlsxStream(rows: AsyncIterable<readonly string[]>, sheetName = 'Portfolio'): Readable {
  const zip = new ZipWriter();
  (async () => {
    for (const [name, xml] of STATIC_PARTS) await zip.addEntry(name, single(xml));
    await zip.addEntry('xl/workbook.xml', single(workbookXml(sheetName.slice(0, 31))));
    await zip.addEntry(
      'xl/worksheets/sheet1.xml',
      (async function* () {
        yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
        let index = 0;
        let batch = '';
        for await (const row of rows) {
          index += 1;
          if (index > XLSX_MAX_ROWS) throw new Error(`An Excel sheet holds at most ${XLSX_MAX_ROWS.toLocaleString('en-US')} rows.`);
          batch += rowXml(index, row);
          if (batch.length > 64 * 1024) {
            yield batch;
            batch = '';
          }
        }
        yield `${batch}</sheetData></worksheet>`;
      })(),
    );
    await zip.finish();
  })().catch((error: Error) => zip.out.destroy(error));
  return zip.out;
}
