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

let softwareRenderer: boolean | undefined;

/**
 * True when WebGL is drawn by a CPU rasteriser (SwiftShader, llvmpipe: no GPU, as on virtual
 * desktops and headless machines). Every canvas pixel then costs CPU time, and the compositor
 * reads each frame back.
 */
export function isSoftwareRenderer(): boolean {
  if (softwareRenderer !== undefined) return softwareRenderer;
  softwareRenderer = false;
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
      softwareRenderer = /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // Unknown: draw at the screen's resolution.
  }
  return softwareRenderer;
}

/**
 * The resolution of maps that show only imagery (before/after, obliques). With a software
 * renderer they draw at half resolution: 4× fewer pixels to rasterise and read back (issue 21:
 * the expanded before/after took 3–4 s of frames here), and no visible loss, since the captures
 * are upsampled at every zoom the view allows. A GPU draws at the screen's resolution.
 */
export function imageryPixelRatio(): { pixelRatio?: number } {
  if (typeof window === 'undefined' || !isSoftwareRenderer()) return {};
  return { pixelRatio: Math.min(window.devicePixelRatio || 1, 0.5) };
}
