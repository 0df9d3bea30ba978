import { describe, expect, it } from 'vitest';
import type { Pt } from '../svg.js';
import { roofWings, wingCoords, wingRise } from './wings.js';

const closed = (pts: Pt[]): Pt[] => [...pts, pts[0]!];

/** An L: a 20 × 10 main block, and an 8 m wide arm running 7 m out from its east end (y down). */
const L = closed([
  [0, 0],
  [20, 0],
  [20, 17],
  [12, 17],
  [12, 10],
  [0, 10],
]);

describe('roofWings', () => {
  it('roofs a rectangle as one wing, its oriented frame', () => {
    const wings = roofWings(
      closed([
        [0, 0],
        [15, 0],
        [15, 9],
        [0, 9],
      ]),
    );
    expect(wings).toHaveLength(1);
    expect(wings[0]!.length).toBeCloseTo(15);
    expect(wings[0]!.width).toBeCloseTo(9);
  });

  it('roofs an L as a main wing and an arm that stops at the main ridge', () => {
    const [main, arm, ...rest] = roofWings(L);
    expect(rest).toEqual([]);
    expect(main!.length).toBeCloseTo(20);
    expect(main!.width).toBeCloseTo(10);
    // The arm runs north–south, 8 m wide, from its far end (y = 17) to the main ridge (y = 5).
    expect(arm!.width).toBeCloseTo(8);
    expect(arm!.length).toBeCloseTo(12);
    expect(Math.abs(arm!.u[1])).toBeCloseTo(1);
    const [along, across] = wingCoords(arm!, 16, 11);
    expect(along).toBeGreaterThan(0);
    expect(along).toBeLessThan(arm!.length);
    expect(across).toBeCloseTo(4);
  });

  it('gives the arm the highest roof along its own ridge, and the main roof at the main ridge', () => {
    const [main, arm] = roofWings(L);
    const rise = (x: number, y: number) => [main!, arm!].map((w) => wingRise(w, ...wingCoords(w, x, y), 0.5, false));
    // On the arm's centre line, outside the main block: only the arm.
    const [mainOut, armOut] = rise(16, 14);
    expect(mainOut).toBe(-Infinity);
    expect(armOut).toBeCloseTo(2);
    // On the main ridge above the arm: the main roof (5 m × 0.5) over the arm's (4 m × 0.5).
    const [mainRidge, armRidge] = rise(16, 5);
    expect(mainRidge).toBeCloseTo(2.5);
    expect(armRidge).toBeLessThanOrEqual(2);
  });

  it('roofs a footprint that is not rectilinear as one wing', () => {
    const wings = roofWings(
      closed([
        [0, 0],
        [14, 0],
        [18, 6],
        [10, 12],
        [0, 9],
      ]),
    );
    expect(wings).toHaveLength(1);
  });
});
