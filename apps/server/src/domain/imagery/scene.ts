import type { BuildingFeatures } from '../property/features.js';
import type { BBox, LngLat } from './geo.js';

/**
 * What the renderer draws: everything visible from above in an area. The world (generated or
 * imported) produces it for a bbox through a `SceneProvider`; the renderer never queries data
 * itself, so tests use fixture scenes and the world plugs its database query in.
 */
export type SceneBuilding = Pick<
  BuildingFeatures,
  'outline' | 'heightFt' | 'roofMaterial' | 'roofShape' | 'roofCondition' | 'roofInstallYear' | 'hasSolar'
> &
  Partial<Pick<BuildingFeatures, 'fortified'>> & {
    id: string;
    propertyId: string;
    /** Year the building was built: absent from captures before it. */
    yearBuilt?: number | null;
  };

export interface SceneParcel {
  id: string;
  propertyId: string;
  outline: GeoJSON.Polygon;
}

export interface SceneTree {
  id: string;
  center: LngLat;
  radiusM: number;
}

export interface ScenePool {
  id: string;
  outline: GeoJSON.Polygon;
}

export interface SceneRoad {
  id: string;
  line: GeoJSON.LineString;
  widthM: number;
  name?: string;
}

export interface SceneWater {
  id: string;
  outline: GeoJSON.Polygon;
}

/** Real imagery imported with its bounds (GeoTIFF/PNG/JPEG readable by sharp). */
export interface SceneRaster {
  id: string;
  path: string;
  bounds: BBox;
  /** Pixel grid of the file: plain lng/lat (default) or Web Mercator rows. */
  crs?: 'EPSG:4326' | 'EPSG:3857';
  capturedOn?: string;
}

/** Small things in a yard that imagery detects (Z-PROPERTY attributes). */
export interface SceneYardObject {
  id: string;
  kind: 'trampoline' | 'debris';
  center: LngLat;
}

export interface SceneFeatures {
  parcels: SceneParcel[];
  buildings: SceneBuilding[];
  trees: SceneTree[];
  pools: ScenePool[];
  roads: SceneRoad[];
  water?: SceneWater[];
  yardObjects?: SceneYardObject[];
  rasters?: SceneRaster[];
}

/** The world's query: the scene of whatever falls in (or crosses) a bbox. */
export type SceneProvider = (bbox: BBox) => SceneFeatures | Promise<SceneFeatures>;

export const emptyScene = (): SceneFeatures => ({
  parcels: [],
  buildings: [],
  trees: [],
  pools: [],
  roads: [],
  water: [],
  rasters: [],
});
