import { z } from 'zod';

/** GET /health and GET /v1/health: the process is up and answering. */
export const HealthResponse = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof HealthResponse>;
