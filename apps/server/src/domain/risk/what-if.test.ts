import { productWhatIfSchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { AS_OF, makeBuilding, makeFeatures, makeHazard } from '../../../test/fixtures/features.js';
import { scoreProduct } from './index.js';
import { applyMitigations } from './mitigations.js';
import { whatIf } from './what-if.js';

// A brushy hillside house in high wildfire country: the what-if has plenty to offer.
const brushy = makeFeatures({
  vegetationCover: 0.7,
  vegetationWithin5ft: 0.5,
  defensibleSpaceFt: 20,
  slopeDeg: 18,
  buildings: [makeBuilding({ roofMaterial: 'asphalt_shingle' })],
});
const hazard = makeHazard({ wildfire: 0.6 });

describe('whatIf', () => {
  it('offers each mitigation the fire model credits, with the score it gives alone and the factors that move', () => {
    const result = whatIf('zfire', brushy, hazard, AS_OF);
    expect(productWhatIfSchema.parse(result)).toEqual(result);
    const before = scoreProduct('zfire', brushy, hazard, AS_OF);
    expect(result.score).toBe(before.score);
    const keys = result.options.map((o) => o.key);
    // California's list, as the model rewards it on this house.
    for (const key of [
      'ember_resistant_zone',
      'defensible_space',
      'class_a_roof',
      'ember_resistant_vents',
      'enclosed_eaves',
      'firewise_community',
    ])
      expect(keys).toContain(key);
    // Wind and hail measures do nothing for fire: not offered.
    expect(keys).not.toContain('opening_protection');
    expect(keys).not.toContain('impact_rated_roof');

    // One source of truth: each option's score is the model run on the changed features.
    const vents = result.options.find((o) => o.key === 'ember_resistant_vents')!;
    const rescored = scoreProduct('zfire', { ...brushy, mitigations: { ember_resistant_vents: true } }, hazard, AS_OF);
    expect(vents.score).toBe(rescored.score);
    expect(vents.credit).toBe(-0.4);
    expect(vents.factors).toEqual([
      { key: 'wildfire_mitigation', name: 'Wildfire mitigation', before: 0, after: -0.4 },
    ]);
    const zone = result.options.find((o) => o.key === 'ember_resistant_zone')!;
    expect(zone.change).toBe('Vegetation within 5 ft: 50% → 0%');
    expect(zone.factors.map((f) => f.key)).toContain('vegetation_within_5ft');
    // Class A on an asphalt roof: the roof contribution down to a Class A material's (0.2 → -0.6).
    expect(result.options.find((o) => o.key === 'class_a_roof')!.credit).toBe(-0.8);

    // Biggest credit first; all together lower the score by more than any one alone.
    const credits = result.options.map((o) => o.credit);
    expect(credits).toEqual([...credits].sort((a, b) => a - b));
    expect(result.combined!.keys).toEqual(keys);
    expect(result.combined!.credit).toBeLessThan(credits[0]!);
    const all = scoreProduct('zfire', applyMitigations(brushy, result.combined!.keys), hazard, AS_OF);
    expect(result.combined!.score).toBe(all.score);
    expect(result.combined!.riskLevel).toBe(all.riskLevel);
  });

  it('does not offer what is already in place, nor credit it twice', () => {
    const hardened = makeFeatures({
      vegetationWithin5ft: 0,
      defensibleSpaceFt: 120,
      buildings: [makeBuilding({ roofMaterial: 'metal' })],
      mitigations: { ember_resistant_vents: true, firewise_community: true },
    });
    const keys = whatIf('zfire', hardened, hazard, AS_OF).options.map((o) => o.key);
    expect(keys).not.toContain('ember_resistant_vents');
    expect(keys).not.toContain('ember_resistant_zone');
    expect(keys).not.toContain('defensible_space');
    // A metal roof is Class A already; the second community designation adds nothing.
    expect(keys).not.toContain('class_a_roof');
    expect(keys).not.toContain('fire_risk_reduction_community');
    expect(keys).toContain('enclosed_eaves');
  });

  it('offers shutters and roof-to-wall connections for wind, an impact-rated roof for hail, unless FORTIFIED covers them', () => {
    const coastal = makeFeatures({ distanceToCoastMi: 2 });
    const windHazard = makeHazard({ wind: 0.8, designWindMph: 150 });
    const wind = whatIf('zwind', coastal, windHazard, AS_OF);
    expect(wind.options.map((o) => o.key)).toEqual(
      expect.arrayContaining(['opening_protection', 'roof_to_wall_connections', 'sealed_roof_deck', 'fortified_roof']),
    );
    expect(wind.options.find((o) => o.key === 'opening_protection')!.credit).toBe(-0.5);
    const hail = whatIf('zhail', coastal, windHazard, AS_OF);
    expect(hail.options.find((o) => o.key === 'impact_rated_roof')!.credit).toBe(-0.7);
    expect(hail.options.map((o) => o.key)).not.toContain('ember_resistant_vents');

    const gold = makeFeatures({ distanceToCoastMi: 2, buildings: [makeBuilding({ fortified: 'gold' })] });
    expect(whatIf('zwind', gold, windHazard, AS_OF).options.map((o) => o.key)).not.toContain('opening_protection');
    expect(whatIf('zhail', gold, windHazard, AS_OF).options.map((o) => o.key)).not.toContain('impact_rated_roof');
  });

  it('offers nothing for a product it cannot score', () => {
    const result = whatIf('zfire', makeFeatures({ buildings: [] }), hazard, AS_OF);
    expect(result).toMatchObject({ score: null, riskLevel: 'none', options: [], combined: null });
  });

  it('leaves a property without records scored as before the mitigation factor existed', () => {
    const result = scoreProduct('zfire', makeFeatures(), makeHazard(), AS_OF);
    expect(result.factors.find((f) => f.key === 'wildfire_mitigation')).toMatchObject({
      value: 0,
      contribution: 0,
      description: 'No wildfire mitigations on record.',
    });
  });
});
