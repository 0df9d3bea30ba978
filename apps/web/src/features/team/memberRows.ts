import {
  ORGANIZATION_ROLES,
  createUserRequestSchema,
  userFieldMessage,
  type CreateUserRequest,
  type OrganizationRole,
} from '@zview/contracts';
import Papa from 'papaparse';

/** One line of a bulk upload, validated before anything is sent. */
export interface MemberRow {
  /** 1-based line number in the pasted text or file (after the header, if any). */
  line: number;
  raw: { email: string; firstName: string; lastName: string; role: string };
  request?: CreateUserRequest;
  errors: string[];
}

const HEADER_ALIASES: Record<string, keyof MemberRow['raw']> = {
  email: 'email',
  'email address': 'email',
  'first name': 'firstName',
  firstname: 'firstName',
  'last name': 'lastName',
  lastname: 'lastName',
  surname: 'lastName',
  role: 'role',
};
const normalizeHeader = (cell: string) => cell.trim().toLowerCase().replace(/[_-]+/g, ' ');
/** Columns in this order when there is no header row. */
const DEFAULT_COLUMNS: (keyof MemberRow['raw'])[] = ['email', 'firstName', 'lastName', 'role'];

function parseRole(value: string): OrganizationRole | undefined {
  const role = value.trim().toLowerCase() || 'member';
  return (ORGANIZATION_ROLES as readonly string[]).includes(role) ? (role as OrganizationRole) : undefined;
}

/**
 * Parses a CSV file or a pasted list (comma, semicolon or tab separated) of new members —
 * email, first name, last name and an optional role (member or admin) — with or without a header
 * row, and validates every row: required fields, email format, role, duplicates within the
 * list and people already in the team.
 */
export function parseMemberRows(text: string, existingEmails: readonly string[] = []): MemberRow[] {
  const parsed = Papa.parse<string[]>(text.trim(), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const lines = parsed.data.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  if (lines.length === 0) return [];

  const first = lines[0]!.map(normalizeHeader);
  const hasHeader = first.some((cell) => cell in HEADER_ALIASES) && !first.some((cell) => cell.includes('@'));
  const columns = hasHeader ? first.map((cell) => HEADER_ALIASES[cell]) : DEFAULT_COLUMNS;
  const body = hasHeader ? lines.slice(1) : lines;

  const existing = new Set(existingEmails.map((email) => email.trim().toLowerCase()));
  const seen = new Set<string>();
  return body.map((cells, index) => {
    const raw = { email: '', firstName: '', lastName: '', role: '' };
    columns.forEach((column, position) => {
      if (column) raw[column] = (cells[position] ?? '').trim();
    });
    const errors: string[] = [];
    const role = parseRole(raw.role);
    if (!role) errors.push(`Role must be one of: ${ORGANIZATION_ROLES.join(', ')}`);
    const result = createUserRequestSchema.safeParse({
      email: raw.email,
      profile: { firstName: raw.firstName, lastName: raw.lastName },
      role: role ?? 'member',
    });
    if (!result.success) errors.push(...result.error.issues.map(userFieldMessage));
    const email = raw.email.toLowerCase();
    if (email && existing.has(email)) errors.push('Already a member of this team');
    else if (email && seen.has(email)) errors.push('Duplicate email in this list');
    if (email) seen.add(email);
    return { line: index + 1, raw, request: errors.length === 0 && result.success ? result.data : undefined, errors };
  });
}
