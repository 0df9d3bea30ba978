// GET /api/organization's answer read without zod: the signed-in app parses it before its home page
// shows, and zod (even its tree-shakable build) was one of the largest parts of that page's first
// load (issue 45). The contract is `organizationsResponseSchema` (identity.ts, what the server
// answers with); organizations-answer.test.ts holds the two in agreement on valid and invalid answers.
import { ABILITIES, type Abilities } from './permissions.js';
import type { SessionOrganization } from './session.js';
import { CONTROL_CHARACTER } from './text-rule.js';

const isText = (value: unknown): value is string => typeof value === 'string' && !CONTROL_CHARACTER.test(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readAbilities(value: unknown): Abilities | undefined {
  if (!isRecord(value)) return undefined;
  const abilities: Partial<Abilities> = {};
  for (const ability of ABILITIES) {
    const allowed = value[ability];
    if (typeof allowed !== 'boolean') return undefined;
    abilities[ability] = allowed;
  }
  return abilities as Abilities;
}

function readOrganization(value: unknown): SessionOrganization | undefined {
  if (!isRecord(value)) return undefined;
  const { id, name, products, trial } = value;
  const abilities = readAbilities(value.abilities);
  if (typeof id !== 'number' || !Number.isFinite(id) || !isText(name) || typeof trial !== 'boolean' || !abilities)
    return undefined;
  if (!Array.isArray(products) || !products.every(isText)) return undefined;
  return { id, name, products: [...products], trial, abilities };
}

/** organizationsResponseSchema's checks without zod, in the shape the API client takes (`parse` throws). */
export const organizationsAnswerSchema = {
  parse(data: unknown): { organizations: SessionOrganization[] } {
    const list = isRecord(data) ? data.organizations : undefined;
    const organizations = Array.isArray(list) ? list.map(readOrganization) : undefined;
    if (!organizations || organizations.some((organization) => organization === undefined))
      throw new TypeError('The organisations answer does not match its contract (GET /api/organization).');
    return { organizations: organizations as SessionOrganization[] };
  },
};
