import { Box } from '@mui/material';
import { useState } from 'react';
import { resolveBaseStyles, styleFromMapboxConfig } from './engine/baseStyles';
import { useMapEnvironment, useTrack } from './engine/environment';
import { useStableValue } from './engine/useStableValue';
import { ComparisonMap } from './components/ComparisonMap';
import { NoWebGl } from './components/NoWebGl';
import { ObliqueMap } from './components/ObliqueMap';
import { StandardMap } from './components/StandardMap';
import { mapModeFor } from './model/mode';
import type { ImageItem, MapWidgetProps } from './types';

/**
 * The property view's map (SPEC §2): oblique slider when `images` are given, before/after when
 * `comparison` holds two items, otherwise the standard map; a message when WebGL is missing.
 */
export function MapWidget(props: MapWidgetProps) {
  const env = useMapEnvironment();
  const [webgl] = useState(() => env.detectWebGL());
  const track = useTrack(props.onTrack);
  const mode = mapModeFor(props, webgl);
  const street = styleFromMapboxConfig(props.mapboxConfig?.mapStyle);
  const baseStyles = useStableValue(
    resolveBaseStyles(props.baseStyles, street ? { street } : undefined, env.baseStyles),
  );
  return (
    <Box
      data-testid="map-widget"
      data-map-mode={mode}
      sx={{
        position: 'relative',
        width: '100%',
        height: props.height ?? '100%',
        minHeight: 320,
        overflow: 'hidden',
        bgcolor: 'grey.200',
        isolation: 'isolate',
      }}
    >
      {mode === 'noWebgl' && <NoWebGl track={track} />}
      {mode === 'comparison' && (
        <ComparisonMap props={props} items={props.comparison as [ImageItem, ImageItem]} baseStyles={baseStyles} />
      )}
      {mode === 'oblique' && <ObliqueMap props={props} images={props.images!} track={track} baseStyles={baseStyles} />}
      {mode === 'standard' && <StandardMap props={props} track={track} baseStyles={baseStyles} />}
    </Box>
  );
}
