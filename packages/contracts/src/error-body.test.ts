import { describe, expect, it } from 'vitest';
import { parseApiErrorBody } from './error-body.js';
import { apiErrorSchema } from './errors.js';

const valid: unknown[] = [
  { error: { code: 'not_found', message: 'Not found' } },
  { error: { code: 'bad_request', message: 'Bad', details: [{ path: 'q' }] } },
  { error: { code: 'x', message: '', details: null }, extra: 1 },
  { error: { code: 'x', message: 'm', other: true } },
];
const invalid: unknown[] = [
  null,
  'error',
  [],
  {},
  { error: 'not_found' },
  { error: null },
  { error: { code: 404, message: 'Not found' } },
  { error: { code: 'not_found' } },
  { error: { message: 'Not found' } },
];

describe('the API error body read without zod (the web client)', () => {
  it.each(valid.map((body, index) => [index, body] as const))('reads valid body %i as the contract does', (_, body) => {
    expect(parseApiErrorBody(body)).toEqual(apiErrorSchema.parse(body).error);
  });

  it.each(invalid.map((body, index) => [index, body] as const))(
    'refuses invalid body %i as the contract does',
    (_, body) => {
      expect(apiErrorSchema.safeParse(body).success).toBe(false);
      expect(parseApiErrorBody(body)).toBeUndefined();
    },
  );
});
