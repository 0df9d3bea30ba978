/** True when the browser can give us a WebGL context (maplibre needs one). */
export function detectWebGL(): boolean {
  try {
    if (typeof document === 'undefined' || typeof window === 'undefined' || !('WebGLRenderingContext' in window))
      return false;
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
