import {
  assessmentQuerySchema,
  assessmentResponseSchema,
  buildingPermitsResponseSchema,
  imageCatalogResponseSchema,
  modelSpecificationsResponseSchema,
  recentLookupsResponseSchema,
  ibhsEvaluationsResponseSchema,
  locationQuerySchema,
  MESSAGES,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../auth/actor.js';
import { can } from '../auth/policy.js';
import { acquireChangeFeed } from '../db/change-feed.js';
import { listRecentLookups } from '../db/usage.js';
import { NOT_FOUND_MESSAGE, PropertyLookups, requireFeature } from '../domain/property/lookup.js';
import { findPropertyByLocation } from '../domain/property/find.js';
import { findPropertyCaptures, findPropertyPermits, loadPropertyFeatures } from '../domain/property/load.js';
import { propertyImageItem } from '../domain/imagery/urls.js';
import { MODEL_SPECIFICATIONS } from '../domain/risk/index.js';
import { badRequest, notFound } from './errors.js';

const OBLIQUE_FEATURE = 'oblique-imagery';

function actorOf(request: FastifyRequest): Actor {
  // The authentication hook sets the actor on every non-public route.
  return request.actor!;
}

const recentQuerySchema = z.object({
  tab: z.enum(['recent', 'high-risk']).default('recent'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});

/** The property view's API: assessment, imagery catalogue, permits, IBHS, specifications, recent lookups. */
export async function registerPropertyRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const { feed, release } = acquireChangeFeed(db);
  // The assessment of the property view and of the public API (/v1): one code path (domain/property/lookup.ts).
  const lookups = new PropertyLookups(db, feed, () => app.imagery.signer, config.runtime.SAMPLE_DATA);
  app.addHook('onClose', async () => {
    await lookups.close();
    await release();
  });

  // Answers JSON text: the property's part is serialised once per cached assessment (assessment-json.ts).
  app.get(
    '/caribou/v3/property/assessment/zview',
    {
      schema: { response: { 200: assessmentResponseSchema } },
      config: { policy: 'property:read', openapi: { query: assessmentQuerySchema } },
    },
    async (request, reply): Promise<string> => {
      const query = assessmentQuerySchema.parse(request.query);
      const json = await lookups.assess(actorOf(request), query, {
        fresh: request.changesSeen === true,
        channel: 'zview',
      });
      reply.type('application/json; charset=utf-8');
      return json;
    },
  );

  /** Resolves `location` to a property or answers 404; a point without a property has no data. */
  async function propertyAt(request: FastifyRequest) {
    const query = locationQuerySchema.parse(request.query);
    const found = await findPropertyByLocation(
      db,
      query.location,
      query.location_type ??
        (/^\s*-?\d/.test(query.location) && query.location.includes(',') && !/[a-z]/i.test(query.location)
          ? 'coordinates'
          : 'address'),
    );
    if (!found) throw notFound(NOT_FOUND_MESSAGE);
    return found.property;
  }

  app.get(
    '/caribou/image_catalog',
    { schema: { response: { 200: imageCatalogResponseSchema } }, config: { policy: 'property:read' } },
    async (request) => {
      const actor = actorOf(request);
      const property = await propertyAt(request);
      if (!property) return { results: [] };
      const captures = await findPropertyCaptures(db, property);
      const obliqueAllowed = can(actor, 'product:use', { product: OBLIQUE_FEATURE });
      const results = captures
        .filter((c) => c.kind === 'ortho' || obliqueAllowed)
        .sort((a, b) => b.capturedOn.localeCompare(a.capturedOn))
        .map((c) => ({
          kind: c.kind,
          ...propertyImageItem(app.imagery.signer, c, { id: property.id, center: [property.lng, property.lat] }),
        }));
      return { results };
    },
  );

  app.get(
    '/caribou/building_permits',
    { schema: { response: { 200: buildingPermitsResponseSchema } }, config: { policy: 'property:read' } },
    async (request) => {
      const actor = actorOf(request);
      if (!(request.query as Record<string, unknown> | undefined)?.location)
        throw badRequest(MESSAGES.locationRequired);
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
    },
  );

  app.get(
    '/ibhs/evaluations',
    { schema: { response: { 200: ibhsEvaluationsResponseSchema } }, config: { policy: 'property:read' } },
    async (request) => {
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
    },
  );

  app.get(
    '/caribou/specifications',
    { schema: { response: { 200: modelSpecificationsResponseSchema } }, config: { policy: 'property:read' } },
    async () => ({ specifications: MODEL_SPECIFICATIONS }),
  );

  app.get(
    '/caribou/property/recent',
    { schema: { response: { 200: recentLookupsResponseSchema } }, config: { policy: 'property:read' } },
    async (request) => {
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
          scores: r.scores as {
            product: string;
            score: number | null;
            riskLevel: 'low' | 'medium' | 'high' | 'none';
          }[],
        })),
      };
    },
  );
}
