import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CopyBlocks } from './copy-blocks.js';

describe("CopyBlocks (an ingest's COPY text as UTF-8 blocks)", () => {
  it('sends every line, whole and in order, in blocks no larger than their size unless a line may be', () => {
    const line = fc.string({ unit: fc.constantFrom('a', '\t', 'é', '€', '😀'), maxLength: 40 });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.integer({ min: 4, max: 64 }), (lines, size) => {
        const blocks = new CopyBlocks(size);
        const sent: Buffer[] = [];
        for (const l of lines) {
          blocks.add(l);
          sent.push(...blocks.take());
        }
        sent.push(...blocks.take(true));
        expect(Buffer.concat(sent).toString('utf8')).toBe(lines.join(''));
        // (A line may take three bytes a UTF-16 unit: one that might not fit gets a block its size.)
        const longest = Math.max(0, ...lines.map((l) => 3 * l.length));
        for (const block of sent) {
          expect(block.length).toBeGreaterThan(0);
          expect(block.length).toBeLessThanOrEqual(Math.max(size, longest));
        }
        expect(blocks.take(true)).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });
});
