import { describe, expect, it } from 'vitest';
import { parseMemberRows } from './memberRows';

describe('parseMemberRows', () => {
  it('reads a CSV with a header in any column order and defaults the role to member', () => {
    const rows = parseMemberRows(
      'Last Name,First Name,Email,Role\nSmith,Ann,ANN@acme.test,admin\n"O\'Neil, Jr",Bob,bob@acme.test,\n',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.request).toEqual({
      email: 'ann@acme.test',
      profile: { firstName: 'Ann', lastName: 'Smith' },
      role: 'admin',
    });
    expect(rows[1]?.request).toEqual({
      email: 'bob@acme.test',
      profile: { firstName: 'Bob', lastName: "O'Neil, Jr" },
      role: 'member',
    });
  });

  it('reads a pasted tab-separated list without a header as email, first, last, role', () => {
    const rows = parseMemberRows('ann@acme.test\tAnn\tSmith\ncara@acme.test\tCara\tLee\tAdmin');
    expect(rows.map((row) => row.request?.role)).toEqual(['member', 'admin']);
    expect(rows.every((row) => row.errors.length === 0)).toBe(true);
  });

  it('reports every problem of a row', () => {
    const [row] = parseMemberRows('not-an-email,,Smith,owner');
    expect(row?.request).toBeUndefined();
    expect(row?.errors).toEqual([
      'Role must be one of: member, admin',
      'Email must be an email address',
      'First name must not be empty',
    ]);
  });

  it('flags duplicates within the list and existing members', () => {
    const rows = parseMemberRows('a@x.test,A,One\nA@x.test,A,Two\nold@x.test,O,Ld', ['OLD@x.test']);
    expect(rows.map((row) => row.errors)).toEqual([
      [],
      ['Duplicate email in this list'],
      ['Already a member of this team'],
    ]);
  });

  it('ignores blank lines and answers nothing for empty input', () => {
    expect(parseMemberRows('  \n\n')).toEqual([]);
    expect(parseMemberRows('\na@x.test,A,B\n\n')).toHaveLength(1);
  });

  it('pins the SPEC §5 bulk-add rules the mutation run found unasserted', () => {
    // Headers match whatever their case, spacing, underscores or dashes; an unknown column is ignored.
    const [row] = parseMemberRows(
      ' Email_Address ,first_name,LAST--NAME,Notes, role \nann@acme.test,Ann,Smith,x, Admin ',
    );
    expect(row).toMatchObject({
      line: 1,
      raw: { email: 'ann@acme.test', firstName: 'Ann', lastName: 'Smith', role: 'Admin' },
      request: { email: 'ann@acme.test', profile: { firstName: 'Ann', lastName: 'Smith' }, role: 'admin' },
      errors: [],
    });
    // Blank and whitespace-only lines are not rows; lines count from 1 after the header.
    const rows = parseMemberRows('\n  \nann@acme.test,Ann,Smith\n , , \nbob@acme.test,Bob,Lee\n');
    expect(rows.map((r) => [r.line, r.raw.email])).toEqual([
      [1, 'ann@acme.test'],
      [2, 'bob@acme.test'],
    ]);
    // A role problem alone refuses the row.
    const [owner] = parseMemberRows('cara@acme.test,Cara,Lee,owner');
    expect(owner?.request).toBeUndefined();
    expect(owner?.errors).toEqual(['Role must be one of: member, admin']);
    // The team's emails compare case- and space-insensitively; without a team nobody is a member yet.
    expect(parseMemberRows('ann@acme.test,Ann,Smith', [' ANN@acme.test '])[0]?.errors).toEqual([
      'Already a member of this team',
    ]);
    expect(parseMemberRows('ann@acme.test,Ann,Smith')[0]?.errors).toEqual([]);
  });
});
