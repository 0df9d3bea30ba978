import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readFinderState, writeFinderState, type FinderState } from './filters';

/**
 * The finder's and the grid's state, kept in the URL: the state read from it, and `go` to change it.
 * `go` commits the new URL's render at once (flushSync): the router otherwise renders it in a
 * transition, and a click landing before that commits (a facet right after Search) would build on
 * the old state and drop the words just searched.
 */
export function useFinderState(defaults?: Partial<FinderState>) {
  const [params, setParams] = useSearchParams();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the defaults are constant per page
  const state = useMemo(() => readFinderState(params, defaults), [params]);
  const go = (next: FinderState, extra: Record<string, string | undefined> = {}) =>
    setParams(writeFinderState(next, extra, defaults), { flushSync: true });
  return { params, state, go };
}
