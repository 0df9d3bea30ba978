// GET /api/organization's answer with zod's tree-shakable build (zod/mini): the signed-in app parses
// it before its home page shows, and the full build's schemas would bring zod's classic API (~13 KB
// gzip) into that page's first load (issue 45). The contract is `organizationsResponseSchema`
// (identity.ts, what the server answers with); organizations-mini.test.ts holds the two in
// agreement on valid and invalid answers.
import * as z from 'zod/mini';
import { ABILITIES, type Abilities } from './permissions.js';
import { CONTROL_CHARACTER, CONTROL_CHARACTER_MESSAGE } from './text-rule.js';
import type { SessionOrganization } from './session.js';

const text = () =>
  z
    .string()
    .check(z.refine((value) => !CONTROL_CHARACTER.test(value), { message: CONTROL_CHARACTER_MESSAGE, abort: true }));

const abilities = z.object(
  Object.fromEntries(ABILITIES.map((ability) => [ability, z.boolean()])) as Record<keyof Abilities, z.ZodMiniBoolean>,
);

const sessionOrganization = z.object({
  id: z.number(),
  name: text(),
  products: z.array(text()),
  trial: z.boolean(),
  abilities,
});

/** organizationsResponseSchema's checks, for the web's first load. */
export const organizationsAnswerMiniSchema: z.ZodMiniType<{ organizations: SessionOrganization[] }> = z.object({
  organizations: z.array(sessionOrganization),
});
