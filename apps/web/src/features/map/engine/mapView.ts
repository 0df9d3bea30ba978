import { useEffect, useState } from 'react';

/**
 * The slice of a maplibre Map the React controls use. Controls depend on this, not on maplibre,
 * so they can be tested in jsdom with a plain object.
 */
export interface MapView {
  getZoom(): number;
  getMinZoom(): number;
  getMaxZoom(): number;
  getBearing(): number;
  getPitch(): number;
  zoomIn(): unknown;
  zoomOut(): unknown;
  setBearing(bearing: number): unknown;
  setPitch(pitch: number): unknown;
  resetNorthPitch(): unknown;
  on(type: 'move', listener: () => void): unknown;
  off(type: 'move', listener: () => void): unknown;
}

export interface CameraState {
  zoom: number;
  minZoom: number;
  maxZoom: number;
  bearing: number;
  pitch: number;
}

const read = (view: MapView): CameraState => ({
  zoom: view.getZoom(),
  minZoom: view.getMinZoom(),
  maxZoom: view.getMaxZoom(),
  bearing: view.getBearing(),
  pitch: view.getPitch(),
});

/** Camera values that re-render the controls whenever the map moves. */
export function useCamera(view: MapView | null): CameraState | null {
  const [camera, setCamera] = useState<CameraState | null>(() => (view ? read(view) : null));
  useEffect(() => {
    if (!view) return;
    const update = () => setCamera(read(view));
    update();
    view.on('move', update);
    return () => {
      view.off('move', update);
    };
  }, [view]);
  return view ? camera : null;
}
