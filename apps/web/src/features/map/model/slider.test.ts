import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  canGoPrevious,
  imageOpacity,
  initialSlider,
  sliderReducer,
  type SliderAction,
  type SliderState,
} from './slider';

const run = (state: SliderState, ...actions: SliderAction[]) => actions.reduce(sliderReducer, state);

describe('oblique slider', () => {
  it('starts unset and shows image 0 once the first image is drawn', () => {
    const start = initialSlider(4);
    expect(start.index).toBeNull();
    expect(canGoPrevious(start) || canGoNext(start)).toBe(false);
    expect(run(start, { type: 'next' }).index).toBeNull();
    expect(run(start, { type: 'firstImageShown' }).index).toBe(0);
    expect(run(start, { type: 'firstImageShown' }, { type: 'next' }, { type: 'firstImageShown' }).index).toBe(1);
  });

  it('disables previous at the first image and next at the last', () => {
    const first = run(initialSlider(3), { type: 'firstImageShown' });
    expect(canGoPrevious(first)).toBe(false);
    expect(canGoNext(first)).toBe(true);
    expect(run(first, { type: 'previous' }).index).toBe(0);
    const last = run(first, { type: 'next' }, { type: 'next' });
    expect(last.index).toBe(2);
    expect(canGoNext(last)).toBe(false);
    expect(run(last, { type: 'next' }).index).toBe(2);
    expect(run(last, { type: 'previous' }).index).toBe(1);
  });

  it('makes only the selected image opaque', () => {
    const state = run(initialSlider(3), { type: 'firstImageShown' }, { type: 'next' });
    expect([0, 1, 2].map((i) => imageOpacity(state, i))).toEqual([0, 1, 0]);
    expect([0, 1].map((i) => imageOpacity(initialSlider(2), i))).toEqual([0, 0]);
  });

  it('keeps the index inside a shrinking list', () => {
    const state = run(
      initialSlider(4),
      { type: 'firstImageShown' },
      { type: 'next' },
      { type: 'next' },
      { type: 'next' },
    );
    expect(run(state, { type: 'setCount', count: 2 }).index).toBe(1);
    expect(run(state, { type: 'setCount', count: 0 }).index).toBeNull();
  });
});
