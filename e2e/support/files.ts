/**
 * Files the journeys upload. A 1×1 PNG stands for a photo (of a new roof, of new vents): it passes
 * the server's type check (magic bytes and media type), which is all an evidence upload needs here.
 */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
