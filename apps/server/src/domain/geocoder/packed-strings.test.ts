import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PackedStringMap, PackedStrings } from './packed-strings.js';

describe('packed strings', () => {
  it('map strings to numbers as a Map does, through growth and rehashing, unicode and long keys included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 300 })), fc.integer()), {
          maxLength: 3000,
        }),
        fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 50 }),
        (entries, probes) => {
          const packed = new PackedStringMap();
          const map = new Map<string, number>();
          for (const [key, value] of entries) {
            packed.set(key, value);
            map.set(key, value);
          }
          expect(packed.size).toBe(map.size);
          for (const key of [...map.keys(), ...probes]) expect(packed.get(key), key).toBe(map.get(key));
        },
      ),
      { numRuns: 60, seed: 22 },
    );
  });

  it('read back each string pushed, by position', () => {
    const strings = new PackedStrings();
    const texts = Array.from({ length: 5000 }, (_, i) => (i % 7 ? `p-${i}` : `prop-ü-${'x'.repeat(i % 500)}`));
    texts.forEach((text, i) => expect(strings.push(text)).toBe(i));
    texts.forEach((text, i) => expect(strings.get(i)).toBe(text));
    expect(strings.get(strings.push(''))).toBe('');
  });
});
