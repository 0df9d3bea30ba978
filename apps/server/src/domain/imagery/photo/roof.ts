import { roofDamage } from '../capture.js';
import type { SceneView } from '../view.js';
import { seededRandom } from '../random.js';
import type { SceneBuilding } from '../scene.js';
import { roofLook } from '../style.js';
import type { Pt } from '../svg.js';
import { hexColour } from './canvas.js';
import { roofTexture, setMix } from './materials.js';
import { cellHash, noise } from './noise.js';

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Roof pitch of gable and hip roofs: about 7/12. */
export const PITCH = (30 * Math.PI) / 180;

/** A footprint's oriented rectangle in ground metres, axes in east/south (screen) convention. */
export interface RoofFrame {
  u: Pt;
  v: Pt;
  lengthM: number;
  widthM: number;
}

/**
 * The colour of a roof at a point of its footprint (`um` metres along its long axis, `vm`
 * across, from the frame's corner; `wx`, `wy` ground metres for texture): planes lit by the
 * sun (`toSun`, east/south/up), its material's texture, wear from age and condition, solar
 * panels and storm damage. Shared by the orthophoto and the obliques, so a roof is the same
 * from every direction.
 */
export function roofShader(
  b: SceneBuilding,
  view: Pick<SceneView, 'capturedOn' | 'events'>,
  toSun: [number, number, number],
  frame: RoofFrame,
  mpp: number,
) {
  const damage = roofDamage(b, view.capturedOn, view.events);
  const look = roofLook(b, view.capturedOn, damage);
  const base = hexColour(look.fill);
  const year = Number(view.capturedOn.slice(0, 4));
  const age = b.roofInstallYear === null || b.roofInstallYear > year ? 22 : year - b.roofInstallYear;
  const wear = clamp01(age / 30 + (b.roofCondition === 'poor' ? 0.45 : b.roofCondition === 'fair' ? 0.2 : 0));
  const { lengthM, widthM } = frame;
  const flat = b.roofShape === 'flat' || b.roofShape === 'unknown';
  const hip = b.roofShape === 'hip' || b.roofShape === 'mansard';
  const L = toSun;
  const flatLight = 0.42 + 0.9 * L[2];
  const sinP = Math.sin(PITCH);
  const cosP = Math.cos(PITCH);
  const light = (nx: number, ny: number, nz: number) =>
    (0.42 + 0.9 * Math.max(0, nx * L[0] + ny * L[1] + nz * L[2])) / flatLight;
  // Solar panels go on the side of the ridge that faces the sun.
  const sunnySide = frame.v[0] * L[0] + frame.v[1] * L[1] > 0 ? 1 : -1;
  const rand = seededRandom(b.id, view.capturedOn, 'roof');
  const tarp = damage === 'tarp' ? { u0: 0.1 + rand() * 0.35, v0: rand() < 0.5 ? 0.06 : 0.5 } : null;
  const hvac = flat && lengthM * widthM > 120 ? [0.25 + rand() * 0.2, 0.6 + rand() * 0.2] : [];

  return (um: number, vm: number, wx: number, wy: number, o: Float32Array) => {
    const fu = um / (lengthM || 1);
    const fv = vm / (widthM || 1);
    const du = Math.min(um, lengthM - um);
    const dv = Math.min(vm, widthM - vm);
    if (damage === 'burned') {
      // The roof has burned away: char and ash inside the standing wall lines.
      const ash = noise(wx / 1.5, wy / 1.5);
      if (Math.min(du, dv) < 0.3)
        setMix(o, [0.36, 0.34, 0.31], [0, 0, 0], 0, 1 + (cellHash(wx / 0.2, wy / 0.2) - 0.5) * 0.3);
      else
        setMix(
          o,
          [0.1, 0.09, 0.085],
          [0.5, 0.48, 0.45],
          ash > 0.62 ? (ash - 0.62) * 2.4 : 0,
          1 + (cellHash(wx / 0.15, wy / 0.15) - 0.5) * 0.5,
        );
      return;
    }
    let shade = 1;
    let a = um;
    let s = dv;
    let side = fv < 0.5 ? -1 : 1;
    let endFace = false;
    if (!flat) {
      endFace = hip && du < dv;
      if (endFace) {
        const e = fu < 0.5 ? -1 : 1;
        shade = light(frame.u[0] * e * sinP, frame.u[1] * e * sinP, cosP);
        a = vm;
        s = widthM / 2 - du;
      } else {
        shade = light(frame.v[0] * side * sinP, frame.v[1] * side * sinP, cosP);
        s = widthM / 2 - dv;
      }
    } else {
      side = 0;
    }
    let f = shade * roofTexture(b.roofMaterial, wx, wy, a, s, mpp, wear);
    // Ridge and hip caps catch the light; eaves and gutters are a dark line.
    if (!flat && !endFace && Math.abs(fv - 0.5) * widthM < 0.13 && (!hip || du > widthM / 2 - 0.1)) f *= 1.1;
    if (hip && Math.abs(du - dv) < 0.12) f *= 1.1;
    if (Math.min(du, dv) < 0.18) f *= flat ? 1.15 : 0.78;
    setMix(o, base, base, 0, f);
    // Flat roofs carry rooftop units.
    for (const cu of hvac)
      if (Math.abs(fu - cu) * lengthM < 1.2 && Math.abs(fv - 0.5) * widthM < 0.9)
        setMix(o, [0.72, 0.72, 0.7], [0.4, 0.4, 0.4], (fu - cu) * lengthM > 0.9 ? 0.6 : 0, 1);
    if (b.hasSolar && !flat && !endFace && side === sunnySide) {
      const su = um - (hip ? widthM / 2 : 0.5);
      const sd = s - 0.6;
      const spanU = lengthM - (hip ? widthM : 1);
      if (su > 0 && sd > 0 && su < spanU && sd < widthM / 2 - 1.4) {
        const cu = su % 1.02;
        const cd = sd % 1.7;
        if (cu < 1.0 && cd < 1.66) {
          const frameLine = cu < 0.04 || cu > 0.96 || cd < 0.04 || cd > 1.62;
          const gloss = 0.12 * (1 - cd / 1.7);
          if (frameLine) setMix(o, [0.55, 0.56, 0.58], [0, 0, 0], 0, 1);
          else
            setMix(o, [0.06, 0.08, 0.14], [0.3, 0.35, 0.45], gloss, 1 + (cellHash(wx / 0.16, wy / 0.16) - 0.5) * 0.1);
        }
      }
    }
    if (damage === 'hail') {
      // Bruises where hail knocked the granules off: pale spots a few centimetres across.
      const cx = Math.floor(wx / 0.45);
      const cy = Math.floor(wy / 0.45);
      if (cellHash(cx + 91, cy) < 0.2) {
        const ox = (cx + 0.2 + cellHash(cx, cy + 17) * 0.6) * 0.45;
        const oy = (cy + 0.2 + cellHash(cx + 5, cy) * 0.6) * 0.45;
        const d = Math.hypot(wx - ox, wy - oy);
        const rr = 0.05 + mpp * 0.45;
        if (d < rr) {
          const t = 0.75 * (1 - d / rr / 2);
          for (let c = 0; c < 3; c++) o[c] = o[c]! + (HAIL_MARK[c]! - o[c]!) * t;
        }
      }
    }
    if (tarp && fu > tarp.u0 && fu < tarp.u0 + 0.45 && fv > tarp.v0 && fv < tarp.v0 + 0.44) {
      const wrinkle = noise(wx / 0.5, wy / 0.5) - 0.5;
      const border =
        Math.min(fu - tarp.u0, tarp.u0 + 0.45 - fu) * lengthM < 0.2 ||
        Math.min(fv - tarp.v0, tarp.v0 + 0.44 - fv) * widthM < 0.2;
      if (border) setMix(o, [0.5, 0.4, 0.3], [0, 0, 0], 0, 1);
      else setMix(o, TARP, TARP, 0, shade * (1 + wrinkle * 0.35));
    }
  };
}

export const TARP: [number, number, number] = [0.16, 0.4, 0.78];
const HAIL_MARK: [number, number, number] = [0.88, 0.86, 0.8];
