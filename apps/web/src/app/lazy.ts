import { LAZY_LOAD_RETRIES, LAZY_LOAD_RETRY_DELAY_MS, MESSAGES } from '@zview/contracts';
import { lazy, type ComponentType } from 'react';
import { isVersionUpdateNeeded } from '../api/version';
import { withMuiScope } from '../ui/mui-scope';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  retries?: number;
  delayMs?: number;
  /** Called instead of failing when a newer version is deployed (the old chunks are gone). */
  reload?: () => void;
}

/**
 * Loads a lazy module, retrying 2 times 400 ms apart (SPEC §8). If it still fails: when the
 * version-update flag is set the page reloads (the chunk belongs to a replaced build), otherwise
 * it fails with 'Failed to load lazy module after 2 retries'.
 */
export async function importWithRetry<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? LAZY_LOAD_RETRIES;
  const delayMs = options.delayMs ?? LAZY_LOAD_RETRY_DELAY_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt < retries) {
        await wait(delayMs);
        continue;
      }
      if (isVersionUpdateNeeded()) {
        (options.reload ?? (() => window.location.reload()))();
        // Keep the current screen until the reload replaces it.
        return new Promise<T>(() => {});
      }
      throw new Error(MESSAGES.lazyModuleFailed(retries), { cause: error });
    }
  }
}

export type PageModule = { default: ComponentType };

/**
 * A lazy page component (React.lazy) whose module loads with the retry rule above, in MUI's theme
 * (loaded with it: the shell above has none, issue 45) unless the page is `plain`: drawn without
 * MUI on its first screen, its MUI parts bringing their own theme (the home page).
 */
export function lazyPage(load: () => Promise<PageModule>, { plain = false }: { plain?: boolean } = {}) {
  if (plain) return lazy(() => importWithRetry(load));
  const themed = withMuiScope(() => load().then((module) => module.default));
  return lazy(() => importWithRetry(themed).then((component) => ({ default: component })));
}
