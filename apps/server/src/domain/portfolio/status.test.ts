import { FILE_STATUSES } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { allowedTransitions, canTransition, transitionRefusal } from './status.js';

describe('file status transitions', () => {
  it('lets processing move UPLOADED → IN_PROGRESS → READY, and a rerun go back to IN_PROGRESS', () => {
    expect(canTransition('UPLOADED', 'IN_PROGRESS', 'system')).toBe(true);
    expect(canTransition('IN_PROGRESS', 'READY', 'system')).toBe(true);
    expect(canTransition('READY', 'IN_PROGRESS', 'system')).toBe(true);
    expect(canTransition('PROCESSED', 'IN_PROGRESS', 'system')).toBe(true);
    expect(canTransition('ARCHIVED', 'IN_PROGRESS', 'system')).toBe(false);
  });

  it('lets users accept, archive and restore, nothing else', () => {
    const userMoves = FILE_STATUSES.flatMap((from) => allowedTransitions(from, 'user').map((to) => `${from}→${to}`));
    expect(userMoves.sort()).toEqual([
      'ARCHIVED→PROCESSED',
      'PROCESSED→ARCHIVED',
      'READY→ARCHIVED',
      'READY→PROCESSED',
      'UPLOADED→ARCHIVED',
    ]);
    expect(canTransition('IN_PROGRESS', 'READY', 'user')).toBe(false);
    expect(canTransition('UPLOADED', 'PROCESSED', 'user')).toBe(false);
  });

  it('explains refusals with the status labels', () => {
    expect(transitionRefusal('UPLOADED', 'PROCESSED')).toBe(
      'A portfolio that is Uploaded cannot be changed to Processed. From Uploaded it can only be changed to Archived.',
    );
    expect(transitionRefusal('IN_PROGRESS', 'PROCESSED')).toBe(
      'A portfolio that is In Progress cannot be changed to Processed. It cannot be changed until processing has finished.',
    );
    expect(transitionRefusal('READY', 'READY')).toBe('This portfolio is already In Review.');
  });
});
