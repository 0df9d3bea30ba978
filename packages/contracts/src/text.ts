import { z } from 'zod';

import { CONTROL_CHARACTER, CONTROL_CHARACTER_MESSAGE } from './text-rule.js';

// The rule itself lives in text-rule.ts (zod-free, for the web's first load); re-exported here.
export { CONTROL_CHARACTER, CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from './text-rule.js';

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
