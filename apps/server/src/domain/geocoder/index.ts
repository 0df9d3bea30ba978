export { parseAddress, type ParsedAddress } from './parse.js';
export { normalizeAddress, normalizedAddressOf, streetKeyOf, type NormalizedAddress } from './normalize.js';
export { parseCoordinates, type LatLng } from './coordinates.js';
export {
  geocode,
  geocodeAddress,
  geocodeCoordinates,
  geocodeCoordinatesMany,
  displayAddress,
  markCoverage,
  COVERAGE_METRES,
  OUTSIDE_COVERAGE_AREA,
  type GeocodeResult,
  type GeocodePrecision,
} from './match.js';
export { autocompleteAddresses, normalizePrefix, type AddressSuggestion } from './autocomplete.js';
export { geocodeAddressesMany, placeAddressesMany, type AddressPlace } from './match-many.js';
