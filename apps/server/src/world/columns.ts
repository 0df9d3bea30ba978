import type { BuildingRow, HazardCellRow, ImageryCaptureRow, NeighbourhoodRow, PermitRow, PropertyRow, WeatherEventRow } from './rows.js';

/** The columns the seeder streams into each world table, in COPY order. */
export const COLUMNS = {
  neighbourhoods: ['id', 'source', 'name', 'region', 'city', 'state', 'zip', 'center_lat', 'center_lng', 'west', 'south', 'east', 'north'],
  properties: [
    'id', 'source', 'neighbourhood_id', 'house_number', 'street', 'unit', 'city', 'state', 'zip', 'address_line', 'street_key',
    'normalized_address', 'lat', 'lng', 'h3_cell', 'parcel', 'year_built', 'vegetation_cover', 'vegetation_growth_per_year',
    'defensible_space_ft', 'vegetation_within_5ft', 'vegetation_cleared_on', 'slope_deg', 'elevation_ft', 'distance_to_water_ft',
    'distance_to_coast_mi', 'distance_to_fire_station_mi', 'has_pool', 'has_trampoline', 'has_debris', 'estimated',
  ],
  buildings: [
    'property_id', 'rank', 'label', 'outline', 'centroid_lat', 'centroid_lng', 'footprint_sqft', 'height_ft', 'stories', 'roof_material',
    'roof_shape', 'roof_condition', 'roof_install_year', 'fortified', 'fortified_on', 'has_solar', 'built_year',
  ],
  permits: ['id', 'property_id', 'kind', 'description', 'issued_on', 'completed_on', 'valuation_usd', 'contractor', 'building_rank', 'roof_material', 'replaced_roof_material'],
  weather_events: ['id', 'source', 'kind', 'name', 'occurred_on', 'ended_on', 'magnitude', 'magnitude_unit', 'geometry', 'west', 'south', 'east', 'north'],
  imagery_captures: ['id', 'source', 'neighbourhood_id', 'captured_on', 'kind', 'direction', 'provider', 'west', 'south', 'east', 'north', 'file_path', 'media_type', 'width', 'height'],
  hazard_cells: ['h3_index', 'resolution', 'wildfire', 'hail', 'wind', 'storm', 'flood', 'surge', 'hail_annual_probability', 'design_wind_mph'],
} as const satisfies {
  neighbourhoods: readonly (keyof NeighbourhoodRow)[];
  properties: readonly (keyof PropertyRow)[];
  buildings: readonly (keyof BuildingRow)[];
  permits: readonly (keyof PermitRow)[];
  weather_events: readonly (keyof WeatherEventRow)[];
  imagery_captures: readonly (keyof ImageryCaptureRow)[];
  hazard_cells: readonly (keyof HazardCellRow)[];
};
