import Box from '@mui/material/Box';
import { Fragment } from 'react';

/**
 * The models a filing cites, comma-separated, each name kept whole: a narrow column breaks the list
 * between names, never inside one at its hyphen ("Z-/PROPERTY").
 */
export function ModelNames({ models, none = '—' }: { models: readonly string[]; none?: string }) {
  if (models.length === 0) return <>{none}</>;
  return (
    <>
      {models.map((name, i) => (
        <Fragment key={name}>
          {i > 0 && ', '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        </Fragment>
      ))}
    </>
  );
}
