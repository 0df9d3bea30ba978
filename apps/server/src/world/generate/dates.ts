/** Calendar helpers on whole days (UTC), so the world never depends on the clock or time zone. */
const DAY_MS = 86_400_000;

/** The sample world is fixed in time: imagery from spring 2020 to autumn 2026. */
export const WORLD_FIRST_YEAR = 2020;
export const WORLD_LAST_YEAR = 2026;
export const WORLD_END_DAY = toDay('2026-10-31');

export function toDay(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function yearOfDay(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}
