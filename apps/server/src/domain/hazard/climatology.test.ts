import { getResolution } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { HAZARD_RESOLUTION, hazardAt } from './climatology.js';

const places = {
  wichitaKS: [37.69, -97.34],
  dodgeCityKS: [37.75, -100.02],
  atlantaGA: [33.75, -84.39],
  gulfportMS: [30.37, -89.09],
  charlestonSC: [32.78, -79.93],
  denverCO: [39.74, -104.99],
  aspenCO: [39.19, -106.82],
  paradiseCA: [39.76, -121.62],
  montgomeryAL: [32.37, -86.3],
  batonRougeLA: [30.45, -91.19],
  oklahomaCityOK: [35.47, -97.52],
  portlandME: [43.66, -70.26],
} as const;
const at = (name: keyof typeof places) => hazardAt(places[name][0], places[name][1]);

describe('hazard climatology', () => {
  it('is a pure function of the H3 resolution-7 cell', () => {
    const a = hazardAt(37.69, -97.34);
    expect(getResolution(a.h3Index)).toBe(HAZARD_RESOLUTION);
    expect(hazardAt(37.69, -97.34)).toEqual(a);
    for (const value of [a.wildfire, a.hail, a.wind, a.storm, a.flood, a.surge, a.hailAnnualProbability]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('puts hail alley in the Plains', () => {
    expect(at('wichitaKS').hail).toBeGreaterThan(at('atlantaGA').hail + 0.3);
    expect(at('dodgeCityKS').hail).toBeGreaterThan(0.6);
    expect(at('paradiseCA').hail).toBeLessThan(0.15);
    expect(at('wichitaKS').hailAnnualProbability).toBeGreaterThan(at('atlantaGA').hailAnnualProbability);
  });

  it('puts hurricane wind on the Gulf and Atlantic coasts', () => {
    expect(at('gulfportMS').wind).toBeGreaterThan(at('aspenCO').wind + 0.5);
    expect(at('charlestonSC').wind).toBeGreaterThan(at('atlantaGA').wind);
    expect(at('gulfportMS').wind).toBeGreaterThan(at('portlandME').wind);
    expect(at('gulfportMS').designWindMph).toBeGreaterThan(150);
    expect(at('denverCO').designWindMph).toBeLessThan(115);
    expect(at('gulfportMS').surge).toBeGreaterThan(at('batonRougeLA').surge);
  });

  it('puts wildfire in the West', () => {
    expect(at('paradiseCA').wildfire).toBeGreaterThan(at('montgomeryAL').wildfire + 0.4);
    expect(at('denverCO').wildfire).toBeGreaterThan(at('atlantaGA').wildfire);
  });

  it('puts tornado storms in Tornado and Dixie Alley', () => {
    expect(at('oklahomaCityOK').storm).toBeGreaterThan(at('paradiseCA').storm + 0.4);
    expect(at('montgomeryAL').storm).toBeGreaterThan(at('portlandME').storm);
  });

  it('puts flood along the big rivers and the coast', () => {
    expect(at('batonRougeLA').flood).toBeGreaterThan(at('denverCO').flood - 0.1);
    expect(at('batonRougeLA').flood).toBeGreaterThan(0.6);
    expect(at('gulfportMS').flood).toBeGreaterThan(at('aspenCO').flood);
  });
});
