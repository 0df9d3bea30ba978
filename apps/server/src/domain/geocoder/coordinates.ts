/** A point given as text: 'lat,lng' (also 'lat lng', or 'lng,lat' when the order is unmistakable in the US). */
export interface LatLng {
  lat: number;
  lng: number;
}

const PAIR = /^\s*\(?\s*(-?\d{1,3}(?:\.\d+)?)\s*[,\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*\)?\s*$/;

/**
 * Parses 'lat,lng'. US locations have a positive latitude and a negative longitude, so a pair
 * written 'lng,lat' (as some clients send it, e.g. '-97.36,37.70') is recognised and swapped.
 * Returns null when the text is not a valid pair.
 */
export function parseCoordinates(text: string): LatLng | null {
  const match = PAIR.exec(text);
  if (!match) return null;
  let lat = Number(match[1]);
  let lng = Number(match[2]);
  // A first value of -60 or below cannot be a latitude anyone insures; it is a western longitude.
  if (lat <= -60 && lng > 0 && lng <= 90) {
    [lat, lng] = [lng, lat];
  }
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
