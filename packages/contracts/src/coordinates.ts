// Zod-free, so the home page's coordinate search checks what is typed without zod's full build in
// its first load (issue 45). latLngTextSchema (property.ts) is built on it: one rule, two forms.

export const LAT_LNG_TEXT_MESSAGE = "Coordinates must be 'lat,lng' in degrees, e.g. '33.7490,-84.3880'";

/** 'lat,lng' typed by a user (SPEC §5 mock cases and the coordinate search), or null when it is not one. */
export function parseLatLngText(input: string): { lat: number; lng: number } | null {
  const parts = input
    .trim()
    .split(',')
    .map((p) => p.trim());
  const [lat, lng] = parts.map(Number) as [number, number];
  if (
    parts.length !== 2 ||
    parts.some((p) => p === '') ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  )
    return null;
  return { lat, lng };
}
