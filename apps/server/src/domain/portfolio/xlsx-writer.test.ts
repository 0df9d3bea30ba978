import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../../test/portfolio/unzip.js';
import { escapeXml, xlsxStream } from './xlsx-writer.js';

async function* rows(list: string[][]) {
  for (const row of list) yield row;
}

describe('xlsxStream', () => {
  it('writes a valid zip with the workbook parts and every cell as an inline string', async () => {
    const zip = await buffer(xlsxStream(rows([['id', 'note'], ['1', '=SUM(A1) & <b> "x"'], ['2', '']])));
    const files = unzip(zip);
    expect([...files.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">id</t></is></c><c r="B1" t="inlineStr"><is><t xml:space="preserve">note</t></is></c></row>');
    expect(sheet).toContain('<t xml:space="preserve">=SUM(A1) &amp; &lt;b&gt; &quot;x&quot;</t>');
    expect(sheet).toContain('<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">2</t></is></c></row>');
  });

  it('names columns past Z like a spreadsheet and drops characters XML cannot hold', async () => {
    const wide = Array.from({ length: 28 }, (_, i) => `c${i}`);
    const sheet = unzip(await buffer(xlsxStream(rows([wide])))).get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('r="Z1"');
    expect(sheet).toContain('r="AB1"');
    expect(escapeXml('a\u0001b')).toBe('ab');
  });
});
