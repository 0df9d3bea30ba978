import { describe, expect, it } from 'vitest';
import { readCsv } from '../src/domain/portfolio/io/csv-reader.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** Issue 12 item 9: uploads in the encodings spreadsheet programs write are read right, and the user is told which. */
const { app, db } = await useTestApp();
const org = await createOrganization(db, { products: ['zfire', 'zfire-portfolio'] });
const headers = await authHeader(app, await createUser(db, { org, role: 'admin' }));
const boundary = '----encoding';

function upload(fileName: string, content: Buffer) {
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/caribou/portfolio/csv',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function rowsOf(name: string) {
  const row = await db.selectFrom('portfolio_uploads').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const values: string[][] = [];
  for await (const item of readCsv(
    app.ctx.portfolio!.blobs.read(`uploads/${name}`),
    row.delimiter as ',',
    row.encoding as 'utf-8',
  ))
    if ('values' in item) values.push(item.values);
  return { encoding: row.encoding, values };
}

describe('upload text encodings', () => {
  it('reads a Windows-1252 file whose accents start after the first 64 KB, and says so', async () => {
    const lines = ['id,address,latitude,longitude'];
    for (let i = 0; i < 2000; i++) lines.push(`R-${i},${i} Main St Wichita KS,37.69,-97.33`);
    lines.push('R-accent,12 Rue de la Café Wichita KS,37.69,-97.33');
    const content = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
    expect(content.indexOf(0xe9)).toBeGreaterThan(64 * 1024);
    const res = await upload('excel.csv', content);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().check.encoding).toBe('Windows-1252 (Western European)');
    expect(res.json().check.summary).toMatch(/Windows-1252/);
    const { encoding, values } = await rowsOf(res.json().uploadedFileName);
    expect(encoding).toBe('windows-1252');
    expect(values.at(-1)![1]).toBe('12 Rue de la Café Wichita KS');
    expect(JSON.stringify(values)).not.toContain('\uFFFD');
  });

  it('reads UTF-16 with a byte-order mark', async () => {
    const text = 'id;latitude;longitude\r\nZ-1;37,69;-97,33\r\nÅ-2;37.70;-97.34\r\n';
    const res = await upload('utf16.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().check.encoding).toBe('UTF-16');
    expect(res.json().check.recognisedColumns.map((c: { column: string }) => c.column)).toEqual([
      'id',
      'latitude',
      'longitude',
    ]);
    const { values } = await rowsOf(res.json().uploadedFileName);
    expect(values[1]![0]).toBe('Å-2');
  });

  it('keeps reading UTF-8 as UTF-8 (no note in the summary)', async () => {
    const res = await upload('utf8.csv', Buffer.from('id,latitude,longitude\nÜ-1,37.69,-97.33\n', 'utf8'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().check.encoding).toBe('UTF-8');
    expect(res.json().check.summary).not.toMatch(/We read this file as/);
  });
});
