import { createContext, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { deferredComponent } from './deferred';
import { loadMuiScope } from './mui-scope';

// Registered modals are drawn with MUI: they open in MUI's theme, which the first screens above
// them do without (issue 45). It loads with the first modal shown (usually already here).
const MuiScope = deferredComponent<{ children: ReactNode }>(loadMuiScope, { start: 'mounted', plain: true });

/**
 * The modal registry (SPEC §4): a modal component is registered under an id, then shown with
 * props, updated and hidden by that id from anywhere below the provider. Registered components
 * receive their props plus `open` and `onClose`.
 */
export interface ModalControlProps {
  open: boolean;
  onClose: () => void;
}

// Props vary per modal; the registry stores them untyped and `show` re-types them per call.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModal = ComponentType<any>;

const registry = new Map<string, AnyModal>();

/** Registers a modal component under an id (call at module load). Re-registering replaces it. */
export function registerModal<P extends object>(id: string, component: ComponentType<P & ModalControlProps>): void {
  registry.set(id, component);
}

export function isModalRegistered(id: string): boolean {
  return registry.has(id);
}

interface ModalsApi {
  show<P extends object>(id: string, props?: P): void;
  update<P extends object>(id: string, props: Partial<P>): void;
  hide(id: string): void;
  isOpen(id: string): boolean;
}

const ModalsContext = createContext<ModalsApi | null>(null);

interface OpenModal {
  id: string;
  props: Record<string, unknown>;
}

export function ModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenModal[]>([]);

  const hide = useCallback((id: string) => setOpen((current) => current.filter((modal) => modal.id !== id)), []);
  const show = useCallback((id: string, props: object = {}) => {
    if (!registry.has(id)) throw new Error(`No modal registered under "${id}"`);
    setOpen((current) => [...current.filter((modal) => modal.id !== id), { id, props: { ...props } }]);
  }, []);
  const update = useCallback(
    (id: string, props: object) =>
      setOpen((current) =>
        current.map((modal) => (modal.id === id ? { id, props: { ...modal.props, ...props } } : modal)),
      ),
    [],
  );
  const isOpen = useCallback((id: string) => open.some((modal) => modal.id === id), [open]);
  const api = useMemo(() => ({ show, update, hide, isOpen }), [show, update, hide, isOpen]);

  return (
    <ModalsContext.Provider value={api}>
      {children}
      {open.length > 0 && (
        <MuiScope>
          {open.map(({ id, props }) => {
            const Modal = registry.get(id);
            return Modal ? <Modal key={id} {...props} open onClose={() => hide(id)} /> : null;
          })}
        </MuiScope>
      )}
    </ModalsContext.Provider>
  );
}

export function useModals(): ModalsApi {
  const api = useContext(ModalsContext);
  if (!api) throw new Error('useModals must be used inside ModalProvider');
  return api;
}
