/**
 * Rows of the world tables as the generator and importers produce them (column names as in
 * migration 0200_world; dates as 'YYYY-MM-DD'). The seeder streams them with COPY.
 */
export interface NeighbourhoodRow {
  id: string;
  source: 'generated' | 'imported';
  name: string;
  region: string;
  city: string;
  state: string;
  zip: string;
  center_lat: number;
  center_lng: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface PropertyRow {
  id: string;
  source: 'generated' | 'imported';
  neighbourhood_id: string | null;
  house_number: string;
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
  address_line: string;
  street_key: string;
  normalized_address: string;
  lat: number;
  lng: number;
  h3_cell: string;
  parcel: GeoJSON.Polygon | GeoJSON.MultiPolygon | null;
  year_built: number | null;
  vegetation_cover: number;
  vegetation_growth_per_year: number;
  defensible_space_ft: number;
  vegetation_within_5ft: number;
  vegetation_cleared_on: string | null;
  slope_deg: number;
  elevation_ft: number;
  distance_to_water_ft: number;
  distance_to_coast_mi: number;
  distance_to_fire_station_mi: number;
  has_pool: boolean;
  has_trampoline: boolean;
  has_debris: boolean;
  estimated: string[];
}

export interface BuildingRow {
  property_id: string;
  rank: number;
  label: string;
  outline: GeoJSON.Polygon;
  centroid_lat: number;
  centroid_lng: number;
  footprint_sqft: number;
  height_ft: number;
  stories: number;
  roof_material: string;
  roof_shape: string;
  roof_condition: string;
  roof_install_year: number | null;
  fortified: string;
  fortified_on: string | null;
  has_solar: boolean;
  built_year: number | null;
}

export interface PermitRow {
  id: string;
  property_id: string;
  kind: string;
  description: string;
  issued_on: string;
  completed_on: string | null;
  valuation_usd: number | null;
  contractor: string | null;
  building_rank: number | null;
  roof_material: string | null;
  replaced_roof_material: string | null;
}

export interface WeatherEventRow {
  id: string;
  source: string;
  kind: 'hail' | 'wind' | 'wildfire' | 'flood';
  name: string;
  occurred_on: string;
  ended_on: string | null;
  magnitude: number;
  magnitude_unit: string;
  geometry: GeoJSON.Polygon;
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface ImageryCaptureRow {
  id: string;
  source: 'generated' | 'imported';
  neighbourhood_id: string | null;
  captured_on: string;
  kind: 'ortho' | 'oblique';
  direction: 'north' | 'east' | 'south' | 'west' | null;
  provider: string;
  west: number;
  south: number;
  east: number;
  north: number;
  file_path: string | null;
  media_type: string | null;
  width: number | null;
  height: number | null;
}

export interface HazardCellRow {
  h3_index: string;
  resolution: number;
  wildfire: number;
  hail: number;
  wind: number;
  storm: number;
  flood: number;
  surge: number;
  hail_annual_probability: number;
  design_wind_mph: number;
}

/** Everything one neighbourhood contributes to the world. */
export interface NeighbourhoodBatch {
  neighbourhood: NeighbourhoodRow;
  properties: PropertyRow[];
  buildings: BuildingRow[];
  permits: PermitRow[];
  events: WeatherEventRow[];
  captures: ImageryCaptureRow[];
}
