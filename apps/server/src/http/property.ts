import {
  assessmentQuerySchema,
  buildingPermitsResponseSchema,
  imageCatalogResponseSchema,
  modelSpecificationsResponseSchema,
  recentLookupsResponseSchema,
  ibhsEvaluationsResponseSchema,
  isProductKey,
  locationQuerySchema,
  MESSAGES,
  PRODUCT_DISPLAY_NAMES,
  STANDARD_PRODUCTS,
  type ProductKey,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../auth/actor.js';
import { can } from '../auth/policy.js';
import { acquireChangeFeed } from '../db/change-feed.js';
import { listRecentLookups, UsageWriter } from '../db/usage.js';
import { AmendmentCache, applyAmendments } from '../domain/appeals/amendments.js';
import { assessLocation } from '../domain/property/assess.js';
import { assessmentJson } from '../domain/property/assessment-json.js';
import { LookupCaches } from '../domain/property/read-cache.js';
import { MockCases } from '../domain/mocks/match.js';
import { findPropertyByLocation } from '../domain/property/find.js';
import { findPropertyCaptures, findPropertyPermits, loadPropertyFeatures } from '../domain/property/load.js';
import { propertyImageItem } from '../domain/imagery/urls.js';
import { MODEL_SPECIFICATIONS } from '../domain/risk/index.js';
import { badRequest, forbidden, notFound } from './errors.js';

const OBLIQUE_FEATURE = 'oblique-imagery';
const LOOK_BACK_FEATURE = 'zproperty-historical_look_back';
const NOT_FOUND_MESSAGE = 'We could not find that location. Check the address (street, city, state and ZIP) or try coordinates.';

function actorOf(request: FastifyRequest): Actor {
  // The authentication hook sets the actor on every non-public route.
  return request.actor!;
}

function requireFeature(actor: Actor, feature: string, label: string) {
  if (!can(actor, 'product:use', { product: feature })) throw forbidden(`${label} is not enabled for your organization.`);
}

/**
 * The products a lookup scores: those asked for (comma-joined), or every enabled standard
 * product. Unknown keys are a 400; products the organisation has not enabled are a 403.
 */
export function productsToScore(actor: Actor, requested: string | undefined): { products: ProductKey[]; obliqueOnly: boolean } {
  if (!requested || requested.trim() === '') {
    return { products: STANDARD_PRODUCTS.filter((p) => can(actor, 'product:use', { product: p })), obliqueOnly: false };
  }
  const keys = [...new Set(requested.split(',').map((p) => p.trim()).filter(Boolean))];
  if (keys.includes(OBLIQUE_FEATURE)) {
    if (keys.length > 1) throw badRequest(`products=${OBLIQUE_FEATURE} cannot be combined with other products.`);
    requireFeature(actor, OBLIQUE_FEATURE, 'Oblique imagery');
    return { products: [], obliqueOnly: true };
  }
  const unknown = keys.filter((k) => !isProductKey(k));
  if (unknown.length) throw badRequest(`Unknown product: ${unknown.join(', ')}`);
  const products = keys as ProductKey[];
  const disabled = products.filter((p) => !can(actor, 'product:use', { product: p }));
  if (disabled.length) throw forbidden(`${disabled.map((p) => PRODUCT_DISPLAY_NAMES[p]).join(', ')} ${disabled.length > 1 ? 'are' : 'is'} not enabled for your organization.`);
  return { products, obliqueOnly: false };
}

const recentQuerySchema = z.object({
  tab: z.enum(['recent', 'high-risk']).default('recent'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});

/** The property view's API: assessment, imagery catalogue, permits, IBHS, specifications, recent lookups. */
export async function registerPropertyRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  // Lookups' usage is written in group commits; what lookups learn of the world is kept while it does not change.
  const usage = new UsageWriter(db);
  const caches = new LookupCaches();
  const mocks = new MockCases(db);
  // Scores amended by the organisation's published appeals (appeal_score_versions notifies zview_world).
  const amendments = new AmendmentCache();
  const { feed, release } = acquireChangeFeed(db);
  const unsubscribe = feed.subscribe('zview_world', () => {
    caches.clear();
    mocks.clear();
    amendments.clear();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await usage.close();
    await release();
  });

  // Answers JSON text: the property's part is serialised once per cached assessment (assessment-json.ts).
  app.get('/caribou/v3/property/assessment/zview', { config: { policy: 'property:read' } }, async (request, reply): Promise<string> => {
    const actor = actorOf(request);
    const query = assessmentQuerySchema.parse(request.query);
    const { products, obliqueOnly } = productsToScore(actor, query.products);
    if (query.as_of) requireFeature(actor, LOOK_BACK_FEATURE, 'Historical look-back');
    // A lookup a mock case matches answers its mock response: not scored, not billed.
    const lookup = { location: query.location, locationType: query.location_type, products, apiVersion: 'v3' };
    const mocked = query.as_of ? undefined : await mocks.answer(lookup, request.changesSeen === true);
    if (mocked) return reply.type('application/json; charset=utf-8').send(JSON.stringify(mocked));

    const result = await assessLocation(db, app.imagery.signer, {
      location: query.location,
      locationType: query.location_type,
      products,
      asOf: query.as_of,
      sampleData: config.runtime.SAMPLE_DATA,
      // Only for requests the authentication hook fenced: every change before them has cleared it.
      cache: request.changesSeen ? caches : undefined,
    });
    if (!result) throw notFound(NOT_FOUND_MESSAGE);
    // The organisation's view: scores amended by its published appeals (a copy when any applies).
    const amended = await applyAmendments(db, amendments, actor.organization.id, result.assessment.location.propertyId, result.assessment.products, { asOf: query.as_of, useCache: !!request.changesSeen });
    const answer = amended === result.assessment.products ? result : { ...result, assessment: { ...result.assessment, products: amended } };
    const { assessment } = answer;

    // Imagery the organisation or the request leaves out (a copy: the assessment is shared).
    const imagery = { ...assessment.imagery };
    if (obliqueOnly) {
      imagery.ortho = [];
      imagery.comparison = null;
    }
    if (query.images_2d === 'false') {
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
    // Usage: one per scored product (look-back views of past dates are billed like any lookup).
    // Usage and the recent-lookups entry are committed (in one statement, grouped with concurrent
    // lookups') before the answer goes out.
    await usage.write({
      usage: scored.map((s) => ({ organizationId: actor.organization.id, userId: actor.userId, product: s.product, channel: 'zview' as const, reference: assessment.location.propertyId })),
      lookup:
        obliqueOnly || query.as_of
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
    reply.type('application/json; charset=utf-8');
    return assessmentJson(answer, imagery);
  });

  /** Resolves `location` to a property or answers 404; a point without a property has no data. */
  async function propertyAt(request: FastifyRequest) {
    const query = locationQuerySchema.parse(request.query);
    const found = await findPropertyByLocation(db, query.location, query.location_type ?? (/^\s*-?\d/.test(query.location) && query.location.includes(',') && !/[a-z]/i.test(query.location) ? 'coordinates' : 'address'));
    if (!found) throw notFound(NOT_FOUND_MESSAGE);
    return found.property;
  }

  app.get('/caribou/image_catalog', { schema: { response: { 200: imageCatalogResponseSchema } }, config: { policy: 'property:read' } }, async (request) => {
    const actor = actorOf(request);
    const property = await propertyAt(request);
    if (!property) return { results: [] };
    const captures = await findPropertyCaptures(db, property);
    const obliqueAllowed = can(actor, 'product:use', { product: OBLIQUE_FEATURE });
    const results = captures
      .filter((c) => c.kind === 'ortho' || obliqueAllowed)
      .sort((a, b) => b.capturedOn.localeCompare(a.capturedOn))
      .map((c) => ({ kind: c.kind, ...propertyImageItem(app.imagery.signer, c, { id: property.id, center: [property.lng, property.lat] }) }));
    return { results };
  });

  app.get('/caribou/building_permits', { schema: { response: { 200: buildingPermitsResponseSchema } }, config: { policy: 'property:read' } }, async (request) => {
    const actor = actorOf(request);
    if (!(request.query as Record<string, unknown> | undefined)?.location) throw badRequest(MESSAGES.locationRequired);
    requireFeature(actor, 'building_permits', 'Building permits');
    const property = await propertyAt(request);
    if (!property) return { results: [] };
    const permits = await findPropertyPermits(db, property.id);
    return buildingPermitsResponseSchema.parse({
      results: permits
        .map((p) => ({
          id: p.id,
          permitNumber: p.id.toUpperCase(),
          type: p.kind,
          description: p.description,
          issuedOn: p.issuedOn,
          status: p.completedOn ? 'Completed' : 'Issued',
          valueUsd: p.valuationUsd,
        }))
        .reverse(),
    });
  });

  app.get('/ibhs/evaluations', { schema: { response: { 200: ibhsEvaluationsResponseSchema } }, config: { policy: 'property:read' } }, async (request) => {
    const actor = actorOf(request);
    requireFeature(actor, 'ibhs', 'IBHS FORTIFIED evaluations');
    const property = await propertyAt(request);
    if (!property) return { results: [] };
    const features = await loadPropertyFeatures(db, property.id);
    const results = (features?.buildings ?? [])
      .filter((b) => b.fortified !== 'none')
      .map((b) => ({
        building: b.label,
        designation: b.fortified as 'roof' | 'silver' | 'gold',
        evaluatedOn: null,
        description: `FORTIFIED ${b.fortified === 'roof' ? 'Roof' : b.fortified === 'silver' ? 'Silver' : 'Gold'} designation for the ${b.label.toLowerCase()}.`,
      }));
    return ibhsEvaluationsResponseSchema.parse({ results });
  });

  app.get('/caribou/specifications', { schema: { response: { 200: modelSpecificationsResponseSchema } }, config: { policy: 'property:read' } }, async () => ({ specifications: MODEL_SPECIFICATIONS }));

  app.get('/caribou/property/recent', { schema: { response: { 200: recentLookupsResponseSchema } }, config: { policy: 'property:read' } }, async (request) => {
    const actor = actorOf(request);
    const query = recentQuerySchema.parse(request.query);
    const { rows, total } = await listRecentLookups(db, actor.organization.id, {
      limit: query.itemsPerPage,
      offset: (query.page - 1) * query.itemsPerPage,
      highRiskOnly: query.tab === 'high-risk',
    });
    return {
      total,
      results: rows.map((r) => ({
        id: r.id,
        at: r.created_at.toISOString(),
        address: r.address ?? r.location,
        propertyId: r.property_id,
        userEmail: r.email ?? '',
        count: r.lookups,
        scores: r.scores as { product: string; score: number | null; riskLevel: 'low' | 'medium' | 'high' | 'none' }[],
      })),
    };
  });
}
