// Zod-free, so schemas built with zod/mini for the web's first load share the rule (issue 45).

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
