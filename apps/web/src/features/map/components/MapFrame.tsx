import { Box } from '@mui/material';
import type { ReactNode, RefObject } from 'react';

/** A map canvas filling its parent, with the widget's floating controls over it. */
export function MapFrame({
  containerRef,
  children,
  testId = 'map-canvas',
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <>
      <MapContainer containerRef={containerRef} testId={testId} />
      {children}
    </>
  );
}

/**
 * The element maplibre draws into. Inline style, because maplibre's stylesheet sets
 * `.maplibregl-map { position: relative }` and would otherwise win over a class.
 */
export function MapContainer({
  containerRef,
  testId,
  clipLeft,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  testId: string;
  clipLeft?: number;
}) {
  return (
    <div
      ref={containerRef}
      data-testid={testId}
      style={{
        position: 'absolute',
        inset: 0,
        ...(clipLeft !== undefined ? { clipPath: `inset(0 0 0 ${clipLeft * 100}%)` } : {}),
      }}
    />
  );
}

/** Top-left row (layers, map type). */
export function TopLeft({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        zIndex: 3,
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        '@media print': { display: 'none' },
      }}
    >
      {children}
    </Box>
  );
}

export function BottomLeft({ children }: { children: ReactNode }) {
  return <Box sx={{ position: 'absolute', bottom: 12, left: 12, zIndex: 2 }}>{children}</Box>;
}
