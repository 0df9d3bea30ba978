import { type Kysely, sql } from 'kysely';

/**
 * The property world: neighbourhoods, properties (address, point, parcel, site features),
 * buildings, building permits, weather events, imagery captures and hazard climatology cells.
 * Generated ("sample") and imported rows share these tables; `source` tells them apart.
 * PostGIS is not available: points are lat/lng columns, shapes are GeoJSON in jsonb, and
 * spatial lookups prefilter on the H3 cell (or a bounding box) before exact geometry in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE world_meta (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE neighbourhoods (
      id text PRIMARY KEY,
      source text NOT NULL DEFAULT 'generated' CHECK (source IN ('generated', 'imported')),
      name text NOT NULL,
      region text NOT NULL,
      city text NOT NULL,
      state char(2) NOT NULL,
      zip char(5) NOT NULL,
      center_lat double precision NOT NULL,
      center_lng double precision NOT NULL,
      west double precision NOT NULL,
      south double precision NOT NULL,
      east double precision NOT NULL,
      north double precision NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE properties (
      id text PRIMARY KEY,
      source text NOT NULL DEFAULT 'generated' CHECK (source IN ('generated', 'imported')),
      neighbourhood_id text REFERENCES neighbourhoods(id) ON DELETE SET NULL,
      house_number text NOT NULL,
      street text NOT NULL,
      unit text,
      city text NOT NULL,
      state char(2) NOT NULL,
      zip char(5) NOT NULL,
      address_line text NOT NULL,
      street_key text NOT NULL,
      normalized_address text NOT NULL,
      lat double precision NOT NULL,
      lng double precision NOT NULL,
      h3_cell text NOT NULL,
      parcel jsonb,
      year_built integer,
      vegetation_cover real NOT NULL,
      vegetation_growth_per_year real NOT NULL DEFAULT 0,
      defensible_space_ft real NOT NULL,
      vegetation_within_5ft real NOT NULL,
      vegetation_cleared_on date,
      slope_deg real NOT NULL,
      elevation_ft real NOT NULL,
      distance_to_water_ft real NOT NULL,
      distance_to_coast_mi real NOT NULL,
      distance_to_fire_station_mi real NOT NULL,
      has_pool boolean NOT NULL DEFAULT false,
      has_trampoline boolean NOT NULL DEFAULT false,
      has_debris boolean NOT NULL DEFAULT false,
      estimated text[] NOT NULL DEFAULT '{}'
    )`.execute(db);
  // Geocoder: exact (zip + street + number), fuzzy (trigram), prefix autocomplete, nearest by cell.
  await sql`CREATE INDEX properties_address_trgm_idx ON properties USING gin (normalized_address gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX properties_address_prefix_idx ON properties (normalized_address text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX properties_zip_street_idx ON properties (zip, street_key, house_number)`.execute(db);
  await sql`CREATE INDEX properties_street_idx ON properties (street_key)`.execute(db);
  // Autocomplete's fuzzy top-up for '1234 Oak…' compares only the houses with that number.
  await sql`CREATE INDEX properties_house_number_idx ON properties (house_number)`.execute(db);
  await sql`CREATE INDEX properties_h3_idx ON properties (h3_cell)`.execute(db);
  await sql`CREATE INDEX properties_lat_lng_idx ON properties (lat, lng)`.execute(db);
  await sql`CREATE INDEX properties_neighbourhood_idx ON properties (neighbourhood_id)`.execute(db);

  await sql`
    CREATE TABLE buildings (
      property_id text NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
      rank smallint NOT NULL CHECK (rank >= 1),
      label text NOT NULL,
      outline jsonb NOT NULL,
      centroid_lat double precision NOT NULL,
      centroid_lng double precision NOT NULL,
      footprint_sqft real NOT NULL,
      height_ft real NOT NULL,
      stories smallint NOT NULL,
      roof_material text NOT NULL,
      roof_shape text NOT NULL,
      roof_condition text NOT NULL,
      roof_install_year integer,
      fortified text NOT NULL DEFAULT 'none' CHECK (fortified IN ('none', 'roof', 'silver', 'gold')),
      fortified_on date,
      has_solar boolean NOT NULL DEFAULT false,
      built_year integer,
      PRIMARY KEY (property_id, rank)
    )`.execute(db);

  await sql`
    CREATE TABLE permits (
      id text PRIMARY KEY,
      property_id text NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
      kind text NOT NULL,
      description text NOT NULL,
      issued_on date NOT NULL,
      completed_on date,
      valuation_usd integer,
      contractor text,
      building_rank smallint,
      -- Roof permits: the material put on, and the one it replaced (so earlier captures show the old roof).
      roof_material text,
      replaced_roof_material text
    )`.execute(db);
  await sql`CREATE INDEX permits_property_idx ON permits (property_id, issued_on)`.execute(db);

  await sql`
    CREATE TABLE weather_events (
      id text PRIMARY KEY,
      source text NOT NULL DEFAULT 'generated',
      kind text NOT NULL CHECK (kind IN ('hail', 'wind', 'wildfire', 'flood')),
      name text NOT NULL,
      occurred_on date NOT NULL,
      ended_on date,
      magnitude real NOT NULL,
      magnitude_unit text NOT NULL,
      geometry jsonb NOT NULL,
      west double precision NOT NULL,
      south double precision NOT NULL,
      east double precision NOT NULL,
      north double precision NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX weather_events_bbox_idx ON weather_events (south, north, west, east)`.execute(db);

  await sql`
    CREATE TABLE imagery_captures (
      id text PRIMARY KEY,
      source text NOT NULL DEFAULT 'generated' CHECK (source IN ('generated', 'imported')),
      neighbourhood_id text REFERENCES neighbourhoods(id) ON DELETE CASCADE,
      captured_on date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('ortho', 'oblique')),
      direction text CHECK (direction IN ('north', 'east', 'south', 'west')),
      provider text NOT NULL,
      west double precision NOT NULL,
      south double precision NOT NULL,
      east double precision NOT NULL,
      north double precision NOT NULL,
      file_path text,
      media_type text,
      width integer,
      height integer,
      CHECK ((kind = 'ortho') = (direction IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX imagery_captures_neighbourhood_idx ON imagery_captures (neighbourhood_id, captured_on)`.execute(
    db,
  );
  // Imported captures are found by their bounds; generated ones by neighbourhood.
  await sql`CREATE INDEX imagery_captures_imported_bbox_idx ON imagery_captures (south, north, west, east) WHERE source = 'imported'`.execute(
    db,
  );

  await sql`
    CREATE TABLE hazard_cells (
      h3_index text PRIMARY KEY,
      resolution smallint NOT NULL,
      wildfire real NOT NULL,
      hail real NOT NULL,
      wind real NOT NULL,
      storm real NOT NULL,
      flood real NOT NULL,
      surge real NOT NULL,
      hail_annual_probability real NOT NULL,
      design_wind_mph real NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE hazard_cells, imagery_captures, weather_events, permits, buildings, properties, neighbourhoods, world_meta`.execute(
    db,
  );
}
