/**
 * MUI's CircularProgress (indeterminate) drawn by the first screens' stylesheet: the loaders of the
 * shell and of a page's first load show before MUI has loaded (issue 45).
 */
export function Spinner({ size = 40, label }: { size?: number; label?: string }) {
  return (
    <span className="zv-spinner" role="progressbar" aria-label={label} style={{ width: size, height: size }}>
      <svg viewBox="22 22 44 44" width={size} height={size}>
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
