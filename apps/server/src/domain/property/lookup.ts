import {
  isProductKey,
  PRODUCT_DISPLAY_NAMES,
  STANDARD_PRODUCTS,
  type assessmentQuerySchema,
  type ProductKey,
} from '@zview/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { can } from '../../auth/policy.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/database.js';
import { rehearseLookupWrites, UsageWriter } from '../../db/usage.js';
import { AmendmentCache, applyAmendments } from '../appeals/amendments.js';
import { badRequest, forbidden, notFound } from '../app-error.js';
import type { UrlSigner } from '../imagery/signing.js';
import { MockCases } from '../mocks/match.js';
import { assessLocation } from './assess.js';
import { assessmentJson } from './assessment-json.js';
import { LookupCaches } from './read-cache.js';

const OBLIQUE_FEATURE = 'oblique-imagery';
const LOOK_BACK_FEATURE = 'zproperty-historical_look_back';
export const NOT_FOUND_MESSAGE =
  'We could not find that location. Check the address (street, city, state and ZIP) or try coordinates.';

export type AssessmentQueryInput = z.infer<typeof assessmentQuerySchema>;

export function requireFeature(actor: Actor, feature: string, label: string) {
  if (!can(actor, 'product:use', { product: feature }))
    throw forbidden(`${label} is not enabled for your organization.`);
}

/**
 * The products a lookup scores: those asked for (comma-joined), or every enabled standard
 * product. Unknown keys are a 400; products the organisation has not enabled are a 403.
 */
export function productsToScore(
  actor: Actor,
  requested: string | undefined,
): { products: ProductKey[]; obliqueOnly: boolean } {
  if (!requested || requested.trim() === '') {
    return { products: STANDARD_PRODUCTS.filter((p) => can(actor, 'product:use', { product: p })), obliqueOnly: false };
  }
  const keys = [
    ...new Set(
      requested
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (keys.includes(OBLIQUE_FEATURE)) {
    if (keys.length > 1) throw badRequest(`products=${OBLIQUE_FEATURE} cannot be combined with other products.`);
    requireFeature(actor, OBLIQUE_FEATURE, 'Oblique imagery');
    return { products: [], obliqueOnly: true };
  }
  const unknown = keys.filter((k) => !isProductKey(k));
  if (unknown.length) throw badRequest(`Unknown product: ${unknown.join(', ')}`);
  const products = keys as ProductKey[];
  const disabled = products.filter((p) => !can(actor, 'product:use', { product: p }));
  if (disabled.length)
    throw forbidden(
      `${disabled.map((p) => PRODUCT_DISPLAY_NAMES[p]).join(', ')} ${disabled.length > 1 ? 'are' : 'is'} not enabled for your organization.`,
    );
  return { products, obliqueOnly: false };
}

export interface LookupOptions {
  /** The request passed the change feed's fence: the in-process caches may answer it. */
  fresh: boolean;
  /** Where the use is billed: the property view ('zview') or the public API ('api'). */
  channel: 'zview' | 'api';
  /** Start-up's warm-up principal (http/warm-up-principal.ts): the whole path, nothing written. */
  warmUp?: boolean;
}

/**
 * The property assessment as the property view and the public API answer it, one code path for
 * both (issue 19): mock cases, scores amended by the organisation's published appeals, imagery
 * the organisation or the request leaves out, and usage metered once per scored product on the
 * caller's channel (committed, in group commits, before the answer goes out). Answers JSON text.
 * What lookups learn of the world is kept while the change feed says it does not change.
 */
export class PropertyLookups {
  private readonly usage: UsageWriter;
  /** The warm-up principal's writer: the same code path and statement, no row written. */
  private readonly rehearsal: UsageWriter;
  private readonly caches = new LookupCaches();
  private readonly mocks: MockCases;
  private readonly amendments = new AmendmentCache();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    feed: ChangeFeed,
    private readonly signer: () => UrlSigner,
    private readonly sampleData: boolean,
  ) {
    this.usage = new UsageWriter(db);
    this.rehearsal = new UsageWriter(db, undefined, undefined, rehearseLookupWrites);
    this.mocks = new MockCases(db);
    // Scores amended by published appeals (appeal_score_versions notifies zview_world) and mock cases too.
    this.unsubscribe = feed.subscribe('zview_world', () => {
      this.caches.clear();
      this.mocks.clear();
      this.amendments.clear();
    });
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await Promise.all([this.usage.close(), this.rehearsal.close()]);
  }

  async assess(actor: Actor, query: AssessmentQueryInput, options: LookupOptions): Promise<string> {
    const { db } = this;
    const { products, obliqueOnly } = productsToScore(actor, query.products);
    if (query.as_of) requireFeature(actor, LOOK_BACK_FEATURE, 'Historical look-back');
    // The organisation's published appeal versions are read beside the property's reads, not after
    // them (an organisation's first lookup in this process made one more round trip: issue 46).
    // Only the actor's own organisation's, after every check of the request has passed.
    const versions = this.amendments.versionsOf(db, actor.organization.id, options.fresh);
    // Awaited below; a lookup that ends before (a mock, not found) leaves it unread, not unhandled.
    versions.catch(() => {});
    // A lookup a mock case matches answers its mock response: not scored, not billed.
    const lookup = { location: query.location, locationType: query.location_type, products, apiVersion: 'v3' };
    const mocked = query.as_of ? undefined : await this.mocks.answer(lookup, options.fresh);
    if (mocked) return JSON.stringify(mocked);

    const result = await assessLocation(db, this.signer(), {
      location: query.location,
      locationType: query.location_type,
      products,
      asOf: query.as_of,
      sampleData: this.sampleData,
      // Only for requests the change feed fenced: every change before them has cleared it.
      cache: options.fresh ? this.caches : undefined,
    });
    if (!result) throw notFound(NOT_FOUND_MESSAGE);
    // The organisation's view: scores amended by its published appeals (a copy when any applies).
    const amended = applyAmendments(await versions, result.assessment.location.propertyId, result.assessment.products, {
      asOf: query.as_of,
    });
    const answer =
      amended === result.assessment.products
        ? result
        : { ...result, assessment: { ...result.assessment, products: amended } };
    const { assessment } = answer;

    // Imagery the organisation or the request leaves out (a copy: the assessment is shared).
    const imagery = { ...assessment.imagery };
    if (obliqueOnly || query.images_2d === 'false') {
      imagery.ortho = [];
      imagery.comparison = null;
    }
    if (query.images_3d === 'false' || !can(actor, 'product:use', { product: OBLIQUE_FEATURE })) imagery.oblique = [];
    if (query.provider) {
      const provider = query.provider.toLowerCase();
      imagery.ortho = imagery.ortho.filter((i) => i.imageProvider.toLowerCase() === provider);
      imagery.oblique = imagery.oblique.filter((i) => i.imageProvider.toLowerCase() === provider);
    }

    const scored = Object.values(assessment.products);
    const userId = options.channel === 'zview' ? actor.userId : null;
    // Usage: one per scored product (look-back views of past dates are billed like any lookup).
    // Usage and the recent-lookups entry (property view only) are committed before the answer goes out.
    await (options.warmUp ? this.rehearsal : this.usage).write({
      usage: scored.map((s) => ({
        organizationId: actor.organization.id,
        userId,
        product: s.product,
        channel: options.channel,
        reference: assessment.location.propertyId,
      })),
      lookup:
        obliqueOnly || query.as_of || options.channel !== 'zview'
          ? undefined
          : {
              organizationId: actor.organization.id,
              userId: actor.userId,
              location: query.location,
              locationType: query.location_type,
              propertyId: assessment.location.propertyId,
              address: assessment.location.address?.formatted ?? null,
              scores: scored.map((s) => ({ product: s.product, score: s.score, riskLevel: s.riskLevel })),
            },
    });
    return assessmentJson(answer, imagery);
  }
}
