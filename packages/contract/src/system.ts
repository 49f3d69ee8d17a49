import { z } from 'zod';

/** GET /health and GET /v1/health: the process is up and answering. */
export const HealthResponse = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /ready: whether this node should receive traffic (database answers, migrations current, not draining). */
export const ReadyResponse = z.object({ status: z.literal('ready') });
export type ReadyResponse = z.infer<typeof ReadyResponse>;

export const NotReadyResponse = z.object({ status: z.literal('not ready'), reason: z.string() });
export type NotReadyResponse = z.infer<typeof NotReadyResponse>;
