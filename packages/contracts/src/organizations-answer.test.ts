import { describe, expect, expectTypeOf, it } from 'vitest';
import { organizationsResponseSchema } from './identity.js';
import { organizationsAnswerSchema } from './organizations-answer.js';
import { ABILITIES, NO_ABILITIES } from './permissions.js';
import type { SessionOrganization } from './session.js';

const abilities = { ...NO_ABILITIES, [ABILITIES[0]!]: true };
const organization = { id: 7, name: 'Acme Insurance', products: ['zfire', 'zwind'], trial: false, abilities };

const valid = [
  { organizations: [] },
  { organizations: [organization] },
  { organizations: [organization, { ...organization, id: 8, trial: true, products: [] }] },
  // Keys the contract does not know are dropped by both.
  { organizations: [{ ...organization, extra: 'x', abilities: { ...abilities, unknownAbility: true } }] },
];

const invalid = [
  null,
  {},
  { organizations: {} },
  { organizations: [{ ...organization, id: '7' }] },
  { organizations: [{ ...organization, id: Number.NaN }] },
  { organizations: [{ ...organization, id: Infinity }] },
  { organizations: [organization, null] },
  { organizations: [[]] },
  { organizations: [{ ...organization, name: 'Acme\u0000' }] },
  { organizations: [{ ...organization, products: ['zfire', 3] }] },
  { organizations: [{ ...organization, products: ['z\u0007fire'] }] },
  { organizations: [{ ...organization, trial: undefined }] },
  { organizations: [{ ...organization, abilities: { ...abilities, [ABILITIES[1]!]: 'yes' } }] },
  { organizations: [{ ...organization, abilities: Object.fromEntries(ABILITIES.slice(1).map((a) => [a, true])) }] },
];

describe("the organisations answer read without zod (the web's first load)", () => {
  it.each(valid.map((answer, index) => [index, answer] as const))(
    'parses valid answer %i as the contract does',
    (_, answer) => {
      expect(organizationsAnswerSchema.parse(answer)).toEqual(organizationsResponseSchema.parse(answer));
    },
  );

  it.each(invalid.map((answer, index) => [index, answer] as const))(
    'rejects invalid answer %i as the contract does',
    (_, answer) => {
      expect(organizationsResponseSchema.safeParse(answer).success).toBe(false);
      expect(() => organizationsAnswerSchema.parse(answer)).toThrow(TypeError);
    },
  );

  it('gives the contract its type', () => {
    expectTypeOf<ReturnType<typeof organizationsAnswerSchema.parse>>().toEqualTypeOf<{
      organizations: SessionOrganization[];
    }>();
  });
});
