import { describe, expect, it } from 'vitest';
import { LAT_LNG_TEXT_MESSAGE, parseLatLngText } from './coordinates.js';
import { assessmentQuerySchema, faqResponseSchema, latLngTextSchema } from './property.js';

describe("'lat,lng' text", () => {
  it('reads latitude then longitude, trimming spaces', () => {
    expect(latLngTextSchema.parse(' 40.015 , -105.283 ')).toEqual({ lat: 40.015, lng: -105.283 });
  });

  it.each(['', '40.015', '40.015,', 'a,b', '91,0', '0,181', '1,2,3'])('rejects %j with the format message', (text) => {
    const result = latLngTextSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Coordinates must be 'lat,lng'/);
  });

  // The web's home page checks typed coordinates with parseLatLngText (no zod in its first load).
  it.each([
    '',
    '40.015',
    '40.015,',
    'a,b',
    '91,0',
    '0,181',
    '1,2,3',
    ' 40.015 , -105.283 ',
    '-90,180',
    '0x10,5',
    '1e1,2',
  ])('parseLatLngText agrees with the schema on %j', (text) => {
    const result = latLngTextSchema.safeParse(text);
    expect(parseLatLngText(text)).toEqual(result.success ? result.data : null);
  });

  it('says what coordinates look like', () => {
    expect(LAT_LNG_TEXT_MESSAGE).toBe("Coordinates must be 'lat,lng' in degrees, e.g. '33.7490,-84.3880'");
  });
});

describe('the assessment query', () => {
  it("requires a location ('location is required') and a real as_of date", () => {
    expect(assessmentQuerySchema.safeParse({ location: '  ' }).error?.issues[0]?.message).toBe('location is required');
    expect(assessmentQuerySchema.safeParse({ location: 'x', as_of: '2024-13-01' }).success).toBe(false);
    expect(assessmentQuerySchema.parse({ location: 'x' }).location_type).toBe('address');
  });
});

describe('the FAQ answer', () => {
  it('is a list of questions and answers with a category', () => {
    expect(
      faqResponseSchema.safeParse({ faqs: [{ id: 'q', category: 'Scores', question: 'Q?', answer: 'A.' }] }).success,
    ).toBe(true);
    expect(faqResponseSchema.safeParse({ faqs: [{ id: 'q', category: 'Scores', question: 'Q?' }] }).success).toBe(
      false,
    );
  });
});
