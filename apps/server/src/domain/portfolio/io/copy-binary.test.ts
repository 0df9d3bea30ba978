import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryCopy, type BinaryField } from '../../../../test/fixtures/binary-copy.js';
import { BinaryCopyReader } from './copy-binary.js';

/** What the reader hands over for `chunks`: each tuple's fields as strings (null for NULL). */
function read(chunks: readonly Buffer[]): (string | null)[][] {
  const tuples: (string | null)[][] = [];
  const reader = new BinaryCopyReader();
  const { tuple } = reader;
  for (const chunk of chunks) {
    reader.push(chunk);
    while (reader.next()) {
      const { data, starts, lengths, count } = tuple;
      const fields: (string | null)[] = [];
      for (let i = 0; i < count; i++)
        fields.push(lengths[i] === -1 ? null : data.toString('utf8', starts[i]!, starts[i]! + lengths[i]!));
      tuples.push(fields);
    }
  }
  reader.end();
  return tuples;
}

/** `bytes` cut at each of `cuts` (offsets, any order). */
function cut(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [0, ...[...cuts].sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.subarray(at[i]!, end));
}

// NULLs, empty strings, and characters of one to four UTF-8 bytes, so cuts fall inside them.
const field = fc.oneof(
  fc.constant(null),
  fc.string({ unit: fc.constantFrom('a', ',', '\t', '\n', '\\', 'é', '€', '😀', '\u0001'), maxLength: 12 }),
);
const tuples = fc.array(fc.array(field, { maxLength: 10 }), { maxLength: 12 });

describe('BinaryCopyReader (the export reads its COPY in binary format)', () => {
  const sample: (string | null)[][] = [['Zürich ✓ 東京', null, '', '😀'], [], [null], ['x'.repeat(300), 'a\tb\nc\\d']];
  const bytes = binaryCopy(sample);

  it('reads every tuple, whole and in order, wherever the chunks are cut', () => {
    expect(read([bytes])).toEqual(sample);
    for (let at = 0; at <= bytes.length; at++) expect(read(cut(bytes, [at])), `cut at ${at}`).toEqual(sample);
    // A byte at a time: every field, length and count straddles chunks.
    expect(read(cut(bytes, [...bytes.keys()]))).toEqual(sample);
  });

  it('reads any tuples cut anywhere', () => {
    fc.assert(
      fc.property(tuples, fc.array(fc.nat(), { maxLength: 8 }), (expected, offsets) => {
        const copy = binaryCopy(expected);
        expect(
          read(
            cut(
              copy,
              offsets.map((n) => n % (copy.length + 1)),
            ),
          ),
        ).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('skips a header extension', () => {
    const copy = binaryCopy([['a', null]], Buffer.from('extension'));
    for (let at = 0; at <= copy.length; at++) expect(read(cut(copy, [at]))).toEqual([['a', null]]);
  });

  it('refuses what is not a whole binary COPY', () => {
    expect(() => read([Buffer.from('a\tb\n'.repeat(10))])).toThrow('Not a binary COPY');
    // Cut off before the trailer, or part-way through a tuple.
    for (const end of [bytes.length - 2, bytes.length - 10, 25])
      expect(() => read([bytes.subarray(0, end)])).toThrow('ended part-way');
    expect(() => read([bytes, Buffer.from([0])])).toThrow('after the end');
    // Bit 16 of the flags: each tuple starts with an OID, which this reader would take for a field.
    const withOids = Buffer.from(bytes);
    withOids.writeUInt32BE(1 << 16, 11);
    expect(() => read([withOids])).toThrow('flags');
  });

  it('hands over the bytes as they are, so a float8 reads back as the same double', () => {
    const values = [0, -0, 55.5, -97.408102, 0.1 + 0.2, 1e300, -Number.MIN_VALUE, Infinity, NaN];
    const floats: number[] = [];
    const reader = new BinaryCopyReader();
    const copy = binaryCopy(values.map((value): BinaryField[] => [value]));
    for (const chunk of cut(copy, [20, 21, 33, 50])) {
      reader.push(chunk);
      while (reader.next()) floats.push(reader.tuple.data.readDoubleBE(reader.tuple.starts[0]!));
    }
    reader.end();
    expect(floats).toEqual(values);
  });
});
