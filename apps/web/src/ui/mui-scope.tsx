import type { ComponentType } from 'react';

/** MUI's theme provider (app/MuiScope.tsx), loaded with the first part that draws with MUI. */
export const loadMuiScope = () => import('../app/MuiScope').then((module) => module.MuiScope);

/**
 * A loader of a component drawn with MUI, wrapped in MUI's theme: the first screens have no theme
 * provider above them (issue 45), so every lazily loaded MUI part brings its own. The wrapper is made
 * once (a failed load is tried again by the next call), so the component keeps its identity.
 */
export function withMuiScope<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  let wrapped: ComponentType<P> | undefined;
  return async () => {
    if (wrapped) return wrapped;
    const [Component, MuiScope] = await Promise.all([load(), loadMuiScope()]);
    function Themed(props: P) {
      return (
        <MuiScope>
          <Component {...props} />
        </MuiScope>
      );
    }
    Themed.displayName = `Themed(${Component.displayName ?? Component.name})`;
    return (wrapped = Themed);
  };
}
