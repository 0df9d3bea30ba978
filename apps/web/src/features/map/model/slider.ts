/**
 * Oblique slider (SPEC §4): the index is unset (spinner) until the first image is shown, then 0.
 * Previous is disabled at the first image and next at the last.
 */
export interface SliderState {
  index: number | null;
  count: number;
}

export type SliderAction =
  { type: 'firstImageShown' } | { type: 'next' } | { type: 'previous' } | { type: 'setCount'; count: number };

export const initialSlider = (count: number): SliderState => ({ index: null, count });

export const canGoPrevious = (s: SliderState) => s.index !== null && s.index > 0;
export const canGoNext = (s: SliderState) => s.index !== null && s.index < s.count - 1;

export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  switch (action.type) {
    case 'firstImageShown':
      return state.index === null && state.count > 0 ? { ...state, index: 0 } : state;
    case 'next':
      return canGoNext(state) ? { ...state, index: (state.index ?? 0) + 1 } : state;
    case 'previous':
      return canGoPrevious(state) ? { ...state, index: (state.index ?? 0) - 1 } : state;
    case 'setCount': {
      if (state.index === null) return { ...state, count: action.count };
      const index = action.count === 0 ? null : Math.min(state.index, action.count - 1);
      return { index, count: action.count };
    }
  }
}

/** Only the selected image is fully opaque. */
export const imageOpacity = (s: SliderState, i: number): number => (s.index === i ? 1 : 0);
