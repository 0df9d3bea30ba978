import { z } from 'zod';

/**
 * The one rule every text input follows (issue 12): no NUL or other control characters (tab,
 * line feed and carriage return are text). PostgreSQL cannot store NUL in text, and the others
 * have no business in names, searches, ids or file names; such input answers 400, not 500.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** z.string() with the control-character rule: use it for every text input (query, path, body, file names). */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((value) => !CONTROL_CHARACTER.test(value), { message: CONTROL_CHARACTER_MESSAGE, abort: true });
}

/** The items of a comma-joined list ('a, b,,c' → ['a', 'b', 'c']): trimmed, empty ones dropped. */
export function commaItems(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** An optional query parameter of comma-joined values: its items, [] when absent or empty. */
export const commaList = z
  .string()
  .optional()
  .transform((value) => (value ? commaItems(value) : []));
