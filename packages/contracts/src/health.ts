import { z } from 'zod';

/** GET /api/health: the API process answers (see /readyz for the database and migrations). */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
