import { describe, expect, it } from 'vitest';
import {
  createUserRequestSchema,
  getIdentityRequestSchema,
  profileSchema,
  teamMembersResponseSchema,
  updateUserRequestSchema,
} from './index.js';

describe('identity and user-management contracts', () => {
  it('normalises the identity lookup email', () => {
    expect(getIdentityRequestSchema.parse({ userEmail: '  Ann@Acme.TEST ' })).toEqual({ userEmail: 'ann@acme.test' });
    expect(getIdentityRequestSchema.safeParse({ userEmail: 'nope' }).success).toBe(false);
  });

  it('requires trimmed first and last names', () => {
    expect(profileSchema.parse({ firstName: ' Ann ', lastName: 'Lee' })).toEqual({ firstName: 'Ann', lastName: 'Lee' });
    expect(profileSchema.safeParse({ firstName: '   ', lastName: 'Lee' }).success).toBe(false);
    expect(profileSchema.safeParse({ firstName: 'Ann', lastName: 'x'.repeat(101) }).success).toBe(false);
  });

  it('validates member creation and update bodies', () => {
    const created = createUserRequestSchema.parse({ email: 'A@B.test', profile: { firstName: 'A', lastName: 'B' } });
    expect(created).toEqual({ email: 'a@b.test', profile: { firstName: 'A', lastName: 'B' }, role: 'member' });
    expect(
      createUserRequestSchema.safeParse({
        email: 'a@b.test',
        profile: { firstName: 'A', lastName: 'B' },
        role: 'owner',
      }).success,
    ).toBe(false);
    expect(updateUserRequestSchema.safeParse({ userId: 'not-a-uuid', role: 'member' }).success).toBe(false);
    expect(
      updateUserRequestSchema.safeParse({ userId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', role: 'admin' }).success,
    ).toBe(true);
  });

  it('parses the members list the server answers', () => {
    const member = {
      id: 'u1',
      email: 'a@b.test',
      firstName: 'A',
      lastName: 'B',
      profile: { firstName: 'A', lastName: 'B' },
      role: null,
      status: 'deactivated',
    };
    const parsed = teamMembersResponseSchema.parse({
      organization: { id: 1, name: 'Acme', products: [] },
      members: [member],
    });
    expect(parsed.members[0]).toMatchObject({ role: null, status: 'deactivated' });
  });
});
