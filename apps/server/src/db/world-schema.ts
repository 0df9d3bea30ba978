import type { ColumnType, JSONColumnType } from 'kysely';

/** Kysely types of the world tables (migration 0200_world). */
type Source = 'generated' | 'imported';
/** `date` columns: read as Date by pg, written as 'YYYY-MM-DD'. */
type DateColumn = ColumnType<Date, string, string>;
type NullableDateColumn = ColumnType<Date | null, string | null | undefined, string | null>;

export interface WorldMetaTable {
  key: string;
  value: JSONColumnType<Record<string, unknown>>;
  updated_at: ColumnType<Date, never, never>;
}

export interface NeighbourhoodsTable {
  id: string;
  source: ColumnType<Source, Source | undefined, Source>;
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

export interface PropertiesTable {
  id: string;
  source: ColumnType<Source, Source | undefined, Source>;
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
  parcel: JSONColumnType<GeoJSON.Polygon | GeoJSON.MultiPolygon | null, string | null, string | null>;
  year_built: number | null;
  vegetation_cover: number;
  vegetation_growth_per_year: ColumnType<number, number | undefined, number>;
  defensible_space_ft: number;
  vegetation_within_5ft: number;
  vegetation_cleared_on: NullableDateColumn;
  slope_deg: number;
  elevation_ft: number;
  distance_to_water_ft: number;
  distance_to_coast_mi: number;
  distance_to_fire_station_mi: number;
  has_pool: ColumnType<boolean, boolean | undefined, boolean>;
  has_trampoline: ColumnType<boolean, boolean | undefined, boolean>;
  has_debris: ColumnType<boolean, boolean | undefined, boolean>;
  /** Names of features that were not observed but estimated (imported data). */
  estimated: ColumnType<string[], string[] | undefined, string[]>;
}

export interface BuildingsTable {
  property_id: string;
  rank: number;
  label: string;
  outline: JSONColumnType<GeoJSON.Polygon>;
  centroid_lat: number;
  centroid_lng: number;
  footprint_sqft: number;
  height_ft: number;
  stories: number;
  roof_material: string;
  roof_shape: string;
  roof_condition: string;
  roof_install_year: number | null;
  fortified: ColumnType<string, string | undefined, string>;
  fortified_on: NullableDateColumn;
  has_solar: ColumnType<boolean, boolean | undefined, boolean>;
  built_year: number | null;
}

export interface PermitsTable {
  id: string;
  property_id: string;
  kind: string;
  description: string;
  issued_on: DateColumn;
  completed_on: NullableDateColumn;
  valuation_usd: number | null;
  contractor: string | null;
  building_rank: number | null;
  roof_material: string | null;
  replaced_roof_material: string | null;
}

export interface WeatherEventsTable {
  id: string;
  source: ColumnType<string, string | undefined, string>;
  kind: 'hail' | 'wind' | 'wildfire' | 'flood';
  name: string;
  occurred_on: DateColumn;
  ended_on: NullableDateColumn;
  magnitude: number;
  magnitude_unit: string;
  geometry: JSONColumnType<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface ImageryCapturesTable {
  id: string;
  source: ColumnType<Source, Source | undefined, Source>;
  neighbourhood_id: string | null;
  captured_on: DateColumn;
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
  /** Imported tile pyramid (migration 1500): blob key prefix, zooms, source CRS, tile count. */
  tiles_key: string | null;
  min_zoom: number | null;
  max_zoom: number | null;
  source_crs: string | null;
  tile_count: number | null;
}

export interface HazardCellsTable {
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

/** The distinct streets of `properties` (migration 0270), for the autocomplete's fuzzy search. */
export interface StreetNamesTable {
  zip: string;
  street_key: string;
  city: string;
  state: string;
  /** 'MAGNOLIA AVE ATLANTA GA 30303': the normalised address without house number and unit. */
  normalized: string;
  /** The house numbers on it (the autocomplete's '1234 Magnolai Ave' compares only streets with 1234). */
  house_numbers: string[];
}

export interface WorldTables {
  world_meta: WorldMetaTable;
  neighbourhoods: NeighbourhoodsTable;
  properties: PropertiesTable;
  buildings: BuildingsTable;
  permits: PermitsTable;
  weather_events: WeatherEventsTable;
  imagery_captures: ImageryCapturesTable;
  hazard_cells: HazardCellsTable;
  street_names: StreetNamesTable;
}
