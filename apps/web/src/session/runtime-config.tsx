import {
  MESSAGES,
  RUNTIME_CONFIG_GLOBAL,
  missingRequiredVariable,
  parseRuntimeConfig,
  type RuntimeConfig,
} from '@zview/contracts';
import { createContext, useContext, type ReactNode } from 'react';

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; message: string; advice?: string };

/**
 * Reads the runtime configuration global the server publishes from /config.js (SPEC §8): a
 * missing global, a blank required variable and any other parse failure each have their message.
 */
export function readRuntimeConfig(
  source: Record<string, unknown> = window as unknown as Record<string, unknown>,
): ConfigResult {
  const raw = source[RUNTIME_CONFIG_GLOBAL];
  if (raw === undefined || raw === null) {
    const [message, ...advice] = MESSAGES.missingConfigGlobal.split(/(?<=\.) /);
    return { ok: false, message: message ?? MESSAGES.missingConfigGlobal, advice: advice.join(' ') || undefined };
  }
  if (typeof raw !== 'object') return { ok: false, message: MESSAGES.failedAppConfig };
  const missing = missingRequiredVariable(raw as Record<string, unknown>);
  if (missing) return { ok: false, message: MESSAGES.requiredConfigVariable(missing) };
  // Without zod: the first screen's JavaScript (contracts runtime-config-read.ts, issue 45).
  const config = parseRuntimeConfig(raw);
  if (!config) return { ok: false, message: MESSAGES.failedAppConfig };
  return { ok: true, config };
}

/** Environments where developer conveniences (the dev session fixture) are allowed. */
export function isDevelopmentEnv(env: string): boolean {
  return env === 'local' || env === 'test';
}

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside RuntimeConfigProvider');
  return config;
}
