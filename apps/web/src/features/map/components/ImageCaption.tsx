import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Paper, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';

/** "Provider · date" of the picture on screen; `wrap` lets a narrow caption take two lines rather than cut its text. */
export function ImageCaption({
  provider,
  date,
  prefix,
  wrap = false,
  sx,
}: {
  provider?: string;
  date?: string;
  prefix?: string;
  wrap?: boolean;
  sx?: SxProps<Theme>;
}) {
  const text = [provider, date].filter(Boolean).join(' · ');
  if (!text && !prefix) return null;
  return (
    <Paper
      elevation={2}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, px: 1.25, py: 0.5, maxWidth: 360, ...sx }}
    >
      <PhotoCameraOutlinedIcon sx={{ fontSize: 16, color: 'text.secondary', flexShrink: 0 }} />
      {prefix && (
        <Typography
          variant="caption"
          sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.6, flexShrink: 0 }}
        >
          {prefix}
        </Typography>
      )}
      <Typography
        variant="caption"
        noWrap={!wrap}
        title={text}
        sx={{ color: 'text.secondary', minWidth: 0, lineHeight: 1.35 }}
      >
        {text}
      </Typography>
    </Paper>
  );
}
