import type { Selectable } from 'kysely';
import type {
  BuildingsTable,
  HazardCellsTable,
  ImageryCapturesTable,
  NeighbourhoodsTable,
  PermitsTable,
  PropertiesTable,
  WeatherEventsTable,
} from '../db/world-schema.js';
import { hazardForCell, HAZARD_RESOLUTION } from '../domain/hazard/climatology.js';

/**
 * Rows of the world tables as the generator and importers produce them (column names as in
 * migration 0200_world; dates as 'YYYY-MM-DD'). The seeder streams them with COPY.
 */
/** 'YYYY-MM-DD': how the generator writes a date column (PostgreSQL reads it back as a Date). */
type DateText<T> = null extends T ? string | null : string;

/**
 * A world table's row as the generator and importers produce it: the table's Kysely row
 * (db/world-schema.ts), with its date columns as text. Derived, never a hand-kept copy.
 */
type GeneratedRow<Table, Dates extends keyof Selectable<Table> = never> = Omit<Selectable<Table>, Dates> & {
  [K in Dates]: DateText<Selectable<Table>[K]>;
};

export type NeighbourhoodRow = Selectable<NeighbourhoodsTable>;
export type PropertyRow = GeneratedRow<PropertiesTable, 'vegetation_cleared_on'>;
export type BuildingRow = GeneratedRow<BuildingsTable, 'fortified_on'>;
export type PermitRow = GeneratedRow<PermitsTable, 'issued_on' | 'completed_on'>;
/** The generator draws storm footprints as single polygons. */
export type WeatherEventRow = Omit<GeneratedRow<WeatherEventsTable, 'occurred_on' | 'ended_on'>, 'geometry'> & {
  geometry: GeoJSON.Polygon;
};
/** Generated captures are drawn, never tile pyramids: the pyramid columns (migration 1500) stay null. */
export type ImageryCaptureRow = Omit<
  GeneratedRow<ImageryCapturesTable, 'captured_on'>,
  'tiles_key' | 'min_zoom' | 'max_zoom' | 'source_crs' | 'tile_count'
>;
export type HazardCellRow = Selectable<HazardCellsTable>;

/** The hazard_cells row of an H3 cell: its climatology (domain/hazard). */
export function hazardCellRow(cell: string): HazardCellRow {
  const h = hazardForCell(cell);
  return {
    h3_index: cell,
    resolution: HAZARD_RESOLUTION,
    wildfire: h.wildfire,
    hail: h.hail,
    wind: h.wind,
    storm: h.storm,
    flood: h.flood,
    surge: h.surge,
    hail_annual_probability: h.hailAnnualProbability,
    design_wind_mph: h.designWindMph,
  };
}

/** The row type of each world table the seeder writes. */
export interface WorldRows {
  neighbourhoods: NeighbourhoodRow;
  properties: PropertyRow;
  buildings: BuildingRow;
  permits: PermitRow;
  weather_events: WeatherEventRow;
  imagery_captures: ImageryCaptureRow;
  hazard_cells: HazardCellRow;
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
