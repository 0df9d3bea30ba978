import { describe, expect, it } from 'vitest';
import { createMemberRequestSchema, getIdentityRequestSchema, updateMemberRequestSchema, userProfileSchema } from './index.js';

describe('identity and user-management contracts', () => {
  it('normalises the identity lookup email', () => {
    expect(getIdentityRequestSchema.parse({ userEmail: '  Ann@Acme.TEST ' })).toEqual({ userEmail: 'ann@acme.test' });
    expect(getIdentityRequestSchema.safeParse({ userEmail: 'nope' }).success).toBe(false);
  });

  it('requires trimmed first and last names', () => {
    expect(userProfileSchema.parse({ firstName: ' Ann ', lastName: 'Lee' })).toEqual({ firstName: 'Ann', lastName: 'Lee' });
    const refused = userProfileSchema.safeParse({ firstName: '   ', lastName: 'x'.repeat(101) });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual(['First name is required', 'Last name must be at most 100 characters']);
  });

  it('validates member creation and update bodies', () => {
    expect(createMemberRequestSchema.parse({ profile: { email: 'A@B.test', firstName: 'A', lastName: 'B' }, role: 'admin' }).profile.email).toBe('a@b.test');
    expect(createMemberRequestSchema.safeParse({ profile: { email: 'a@b.test', firstName: 'A', lastName: 'B' }, role: 'owner' }).success).toBe(false);
    expect(updateMemberRequestSchema.safeParse({ profile: { firstName: 'A', lastName: 'B' }, userId: '', role: 'user' }).success).toBe(false);
  });
});
