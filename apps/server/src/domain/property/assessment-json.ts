import type { AssessmentResponse } from '@zview/contracts';
import type { PropertyAssessment } from './read-cache.js';

/** How a lookup asked for its location and how well it matched: the per-request part of the answer's `location`. */
export type AskedLocation = Pick<AssessmentResponse['location'], 'locationType' | 'input' | 'precision' | 'confidence'>;

/** One lookup's answer before it is shaped into JSON: its own part, and the property's part (shared with the cache). */
export interface LocationAssessment {
  asked: AskedLocation;
  /** Shared with every lookup of the property for the day (LookupCaches): never mutate it. */
  assessment: PropertyAssessment;
}

/** JSON text of an assessment's parts, without their enclosing braces where they are merged. */
interface AssessmentPieces {
  /** `location`'s members. */
  location: string;
  /** Every top-level member but `location` and `imagery`. */
  rest: string;
  /** `imagery`'s members, each as JSON. */
  imagery: Map<string, string>;
}

/**
 * Kept beside the assessment object they were made from (WeakMap): a cached assessment is
 * serialised once however often it is looked up, and its pieces go when it goes, so they follow
 * the cache's invalidation with nothing to clear of their own.
 */
const piecesOf = new WeakMap<PropertyAssessment, AssessmentPieces>();

const members = (json: string) => json.slice(1, -1);

function pieces(assessment: PropertyAssessment): AssessmentPieces {
  let found = piecesOf.get(assessment);
  if (!found) {
    const { location, imagery, ...rest } = assessment;
    found = {
      location: members(JSON.stringify(location)),
      rest: members(JSON.stringify(rest)),
      imagery: new Map(Object.entries(imagery).map(([key, value]) => [key, JSON.stringify(value)])),
    };
    piecesOf.set(assessment, found);
  }
  return found;
}

/**
 * The answer (SPEC's AssessmentResponse) as JSON text: the members of
 * `{ ...assessment, location: { ...asked, ...assessment.location }, imagery }`, but the
 * property's part (nearly all of the 16 KB) is serialised once per cached assessment. Only the
 * asked location and any imagery list the request narrowed (a new array: provider filter, 2D/3D
 * off, oblique imagery not enabled) are serialised per request.
 */
export function assessmentJson(
  { asked, assessment }: LocationAssessment,
  imagery: AssessmentResponse['imagery'] = assessment.imagery,
): string {
  const shared = pieces(assessment);
  const location = [members(JSON.stringify(asked)), shared.location].filter(Boolean).join(',');
  const imageryMembers = Object.entries(imagery)
    .map(
      ([key, value]) =>
        `${JSON.stringify(key)}:${value === assessment.imagery[key as keyof typeof imagery] ? shared.imagery.get(key)! : JSON.stringify(value)}`,
    )
    .join(',');
  return `{"location":{${location}},${shared.rest ? `${shared.rest},` : ''}"imagery":{${imageryMembers}}}`;
}
