/**
 * What a process keeps in memory of one world revision (the parcel grid, the exact addresses):
 * loaded once per revision, concurrent callers sharing the load, and dropped when the world moves
 * on, before the next revision's is read (two of a million-property world would not fit).
 */
export interface RevisionCache<T> {
  /** The value of the current revision; null while there is none to load (or the world moved on during the load). */
  current(): Promise<T | null>;
}

export function revisionCache<T>(
  /** The revision the value should be of now; null: nothing to load yet. */
  revisionOf: () => Promise<string | null>,
  /** Reads the value of `revision`; null when the world moved on before it was read. */
  load: (revision: string) => Promise<T | null>,
): RevisionCache<T> {
  let loaded: { revision: string; value: T | null } | null = null;
  let loading: { revision: string; value: Promise<T | null> } | null = null;

  return {
    async current() {
      const revision = await revisionOf();
      if (revision === null) return null;
      if (loaded?.revision === revision) return loaded.value;
      if (loading?.revision !== revision) {
        loaded = null;
        const entry = { revision, value: load(revision) };
        loading = entry;
        entry.value.then(
          (value) => {
            if (loading === entry) [loaded, loading] = [{ revision, value }, null];
          },
          () => {
            if (loading === entry) loading = null;
          },
        );
      }
      return loading.value;
    },
  };
}
