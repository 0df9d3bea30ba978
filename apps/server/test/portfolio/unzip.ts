import zlib from 'node:zlib';
import { expect } from 'vitest';

/** Reads a zip through its central directory (enough to check what the writer produced). */
export function unzip(zip: Buffer): Map<string, string> {
  return new Map([...unzipFiles(zip)].map(([name, content]) => [name, content.toString('utf8')]));
}

/** The files of a zip as bytes (deflated entries, as our writers make them). */
export function unzipFiles(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const localNameLength = zip.readUInt16LE(offset + 26);
    const data = zip.subarray(offset + 30 + localNameLength, offset + 30 + localNameLength + compressed);
    const content = zlib.inflateRawSync(data);
    expect(zlib.crc32(content) >>> 0).toBe(crc);
    files.set(name, content);
    at += 46 + nameLength;
  }
  return files;
}
