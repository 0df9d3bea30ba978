import { describe, expect, it } from 'vitest';
import { readFinderState, writeFinderState } from './filters';

describe('finder state in the URL', () => {
  it("keeps every choice across a page's own defaults (the grid shows 50 rows unless 25 are chosen)", () => {
    const grid = { pageSize: 50 };
    const state = readFinderState(new URLSearchParams(), grid);
    expect(state.pageSize).toBe(50);
    const params = writeFinderState({ ...state, pageSize: 25 }, {}, grid);
    expect(readFinderState(params, grid).pageSize).toBe(25);
    expect(writeFinderState(state, {}, grid).has('pageSize')).toBe(false);
    // The finder's own default is left out of its URL.
    expect(writeFinderState(readFinderState(new URLSearchParams())).toString()).toBe('');
  });
});
