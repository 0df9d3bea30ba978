import {
  assessmentQuerySchema,
  assessmentResponseSchema,
  buildingPermitsResponseSchema,
  imageCatalogResponseSchema,
  modelSpecificationsResponseSchema,
  recentLookupsResponseSchema,
  ibhsEvaluationsResponseSchema,
  locationQuerySchema,
  recentLookupsQuerySchema,
  MESSAGES,
  type LocationQuery,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import { can } from '../auth/policy.js';
import { acquireChangeFeed } from '../db/change-feed.js';
import { listRecentLookups } from '../db/usage.js';
import { NOT_FOUND_MESSAGE, PropertyLookups, requireFeature } from '../domain/property/lookup.js';
import { findPropertyByLocation } from '../domain/property/find.js';
import { findPropertyCaptures, findPropertyPermits, loadPropertyFeatures } from '../domain/property/load.js';
import { propertyImageItem } from '../domain/imagery/urls.js';
import { MODEL_SPECIFICATIONS } from '../domain/risk/index.js';
import { notFound } from './errors.js';
import { sendJsonText, withZod } from './route-config.js';

const OBLIQUE_FEATURE = 'oblique-imagery';

function actorOf(request: FastifyRequest): Actor {
  // The authentication hook sets the actor on every non-public route.
  return request.actor!;
}

/** The property view's API: assessment, imagery catalogue, permits, IBHS, specifications, recent lookups. */
export async function registerPropertyRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
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
      schema: {
        summary: 'Assess a property',
        description:
          'The property view’s assessment of an address or coordinates: the property, its scores for the products asked (default every enabled standard product) and its imagery. Metered on the zview channel.',
        querystring: assessmentQuerySchema,
        response: { 200: assessmentResponseSchema },
      },
      config: { policy: 'property:read' },
    },
    async (request, reply) => {
      const json = await lookups.assess(actorOf(request), request.query, {
        fresh: request.changesSeen === true,
        channel: 'zview',
        warmUp: request.warmUp === true,
      });
      return sendJsonText(reply, json);
    },
  );

  /** Resolves `location` to a property or answers 404; a point without a property has no data. */
  async function propertyAt(query: LocationQuery) {
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
    {
      schema: {
        summary: 'Imagery of a property',
        description:
          'The captures of the property at `location`, newest first: orthophotos, and obliques when the organisation has oblique imagery. Each item carries signed image URLs.',
        querystring: locationQuerySchema,
        response: { 200: imageCatalogResponseSchema },
      },
      config: { policy: 'property:read' },
    },
    async (request) => {
      const actor = actorOf(request);
      const property = await propertyAt(request.query);
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
    {
      schema: {
        summary: 'Building permits of a property',
        description: `The building permits of the property at \`location\`, newest first (organisations with building permits). Without a location: 400 '${MESSAGES.locationRequired}'.`,
        querystring: locationQuerySchema,
        response: { 200: buildingPermitsResponseSchema },
      },
      config: { policy: 'property:read' },
    },
    async (request) => {
      const actor = actorOf(request);
      requireFeature(actor, 'building_permits', 'Building permits');
      const property = await propertyAt(request.query);
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
    {
      schema: {
        summary: 'IBHS FORTIFIED evaluations of a property',
        description:
          'The IBHS FORTIFIED designations (Roof, Silver, Gold) of the buildings of the property at `location` (organisations with IBHS).',
        querystring: locationQuerySchema,
        response: { 200: ibhsEvaluationsResponseSchema },
      },
      config: { policy: 'property:read' },
    },
    async (request) => {
      const actor = actorOf(request);
      requireFeature(actor, 'ibhs', 'IBHS FORTIFIED evaluations');
      const property = await propertyAt(request.query);
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
    {
      schema: {
        summary: 'Risk model specifications',
        description: 'The versioned risk models behind the scores: inputs, factors and their weights, per product.',
        response: { 200: modelSpecificationsResponseSchema },
      },
      config: { policy: 'property:read' },
    },
    async () => ({ specifications: MODEL_SPECIFICATIONS }),
  );

  app.get(
    '/caribou/property/recent',
    {
      schema: {
        summary: 'Recent lookups',
        description:
          'The organisation’s property lookups, newest first, a page at a time; `tab=high-risk` keeps those with a high-risk score.',
        querystring: recentLookupsQuerySchema,
        response: { 200: recentLookupsResponseSchema },
      },
      config: { policy: 'property:read' },
    },
    async (request) => {
      const actor = actorOf(request);
      const query = request.query;
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
