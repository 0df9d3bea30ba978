import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { whenFirstPageShown } from './firstPage';
import { withMuiScope } from './mui-scope';

export interface DeferredOptions<P> {
  /** What shows until the module is here (default nothing). */
  placeholder?: (props: P) => ReactNode;
  /**
   * 'firstPage' (default): the download starts once the first page has shown, so a part every
   * page has (the bell, tooltips, menus) is not in what the first page waits for; 'mounted': as
   * soon as it is rendered (a toast, which only renders when there is something to show).
   */
  start?: 'firstPage' | 'mounted';
  /**
   * The component is drawn without MUI (or brings its own theme): not wrapped in MUI's theme. By
   * default it is, since the first screens above it have no theme provider (ui/mui-scope.tsx).
   */
  plain?: boolean;
}

export interface DeferredComponent<P> {
  (props: P): ReactNode;
  /** Starts the download now (e.g. on hover or click); resolves when the component is ready. */
  preload(): Promise<void>;
}

const everyPreload = new Set<() => Promise<void>>();

/**
 * Loads every deferred component defined so far (the web unit tests' setup: a test renders as the
 * app does once these are here, without waiting for a first page it may never show).
 */
export function preloadDeferredComponents(): Promise<void> {
  return Promise.all([...everyPreload].map((preload) => preload())).then(() => undefined);
}

/**
 * A component whose module downloads after the first page (issue 45: the signed-in home page's
 * JavaScript), rendered at once when it is already here. A failed download leaves the placeholder
 * and is tried again by the next render that needs it.
 */
export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { placeholder, start = 'firstPage', plain = false }: DeferredOptions<P> = {},
): DeferredComponent<P> {
  const loadThemed = plain ? load : withMuiScope(load);
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let requested: () => void = () => undefined;
  // Resolves when someone asks for the component (preload on hover or click) before its time.
  const asked = new Promise<void>((resolve) => {
    requested = resolve;
  });
  const preload = () =>
    (loading ??= (requested(), loadThemed()).then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = undefined;
        console.warn('A deferred component failed to load', error);
      },
    ));

  function Deferred(props: P) {
    const [ready, setReady] = useState(Loaded !== undefined);
    useEffect(() => {
      if (ready) return;
      let live = true;
      const begin = start === 'mounted' ? Promise.resolve() : Promise.race([whenFirstPageShown(), asked]);
      void begin.then(preload).then(() => {
        if (live && Loaded) setReady(true);
      });
      return () => {
        live = false;
      };
    }, [ready]);
    if (ready && Loaded) return <Loaded {...props} />;
    return placeholder ? placeholder(props) : null;
  }
  Deferred.preload = preload;
  everyPreload.add(preload);
  return Deferred;
}
