import { describe, expect, it } from 'vitest';
import { BULK_ACTIONS, bulkAddPreview, bulkAddSummary, roleLabel } from './labels';

describe('team wording', () => {
  it('counts members and rows in the bulk-add preview and summary', () => {
    expect(bulkAddPreview(1, 0)).toBe('1 member ready to add.');
    expect(bulkAddPreview(2, 1)).toBe('2 members ready to add, 1 row has problems and will be skipped.');
    expect(bulkAddPreview(0, 2)).toBe('0 members ready to add, 2 rows have problems and will be skipped.');
    expect(bulkAddSummary(2, 0, 0)).toBe('2 members added.');
    expect(bulkAddSummary(1, 1, 2)).toBe(
      '1 member added. 1 member could not be added. 2 rows were skipped because of problems.',
    );
    expect(bulkAddSummary(0, 2, 1)).toBe(
      '0 members added. 2 members could not be added. 1 row was skipped because of problems.',
    );
  });

  it('words each bulk action, deletion alone destructive', () => {
    expect(BULK_ACTIONS['assign-to-admin'].title(1)).toBe('Make 1 member admin?');
    expect(BULK_ACTIONS.activate.done(3)).toBe('3 members activated.');
    expect(BULK_ACTIONS.delete.destructive).toBe(true);
    expect(Object.values(BULK_ACTIONS).filter((a) => a.destructive).length).toBe(1);
    expect(roleLabel(null)).toBe('—');
  });
});
