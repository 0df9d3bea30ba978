import { describe, expect, it } from 'vitest';
import { parseTsquery, phrasesOf, positiveWords } from './tsquery.js';

describe('parseTsquery (PostgreSQL tsquery text → tree)', () => {
  it('reads AND, NOT and prefixes as PostgreSQL prints them', () => {
    expect(parseTsquery(`'catastroph' & 'model' & !'wind'`)).toEqual({
      kind: 'and',
      children: [
        { kind: 'word', lexeme: 'catastroph', prefix: false },
        { kind: 'word', lexeme: 'model', prefix: false },
        { kind: 'not', child: { kind: 'word', lexeme: 'wind', prefix: false } },
      ],
    });
    expect(parseTsquery(`( 'wildf':* | 'wild':* ) & 'model'`)).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'word', lexeme: 'wildf', prefix: true },
            { kind: 'word', lexeme: 'wild', prefix: true },
          ],
        },
        { kind: 'word', lexeme: 'model', prefix: false },
      ],
    });
  });

  it('binds & tighter than | and keeps a phrase whole, as its text', () => {
    expect(parseTsquery(`'a' | 'b' & 'c'`)).toEqual({
      kind: 'or',
      children: [
        { kind: 'word', lexeme: 'a', prefix: false },
        {
          kind: 'and',
          children: [
            { kind: 'word', lexeme: 'b', prefix: false },
            { kind: 'word', lexeme: 'c', prefix: false },
          ],
        },
      ],
    });
    const tree = parseTsquery(`'defens' <-> 'space' & 'roof' <2> 'age'`);
    expect(phrasesOf(tree)).toEqual([`'defens' <-> 'space'`, `'roof' <2> 'age'`]);
    expect(positiveWords(tree).map((w) => w.lexeme)).toEqual(['defens', 'space', 'roof', 'age']);
  });

  it("reads quotes inside a lexeme and answers null for the empty query; a NOT's words never rank", () => {
    expect(parseTsquery(`'o''brien'`)).toEqual({ kind: 'word', lexeme: "o'brien", prefix: false });
    expect(parseTsquery('')).toBeNull();
    expect(positiveWords(parseTsquery(`'hail' & !'wind'`)).map((w) => w.lexeme)).toEqual(['hail']);
  });

  it('refuses text that is not a tsquery', () => {
    expect(() => parseTsquery(`'a' & (`)).toThrow();
    expect(() => parseTsquery(`'a' 'b'`)).toThrow();
  });
});
