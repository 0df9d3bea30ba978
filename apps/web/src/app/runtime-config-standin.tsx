/**
 * TODO(shell): STAND-IN for the shell's `app/runtime-config.tsx` (same exported names). At merge
 * the imports switch to './runtime-config' and this file is deleted.
 */
import { RUNTIME_CONFIG_GLOBAL, runtimeConfigSchema, type RuntimeConfig } from '@zview/contracts';
import { createContext, useContext, type ReactNode } from 'react';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (config) return config;
  return runtimeConfigSchema.parse((window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL]);
}
