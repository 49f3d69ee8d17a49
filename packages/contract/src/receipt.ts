import { z } from 'zod';

/** POST /v1/current-consumer/issue-receipt (auth) */
export const IssueReceiptRequest = z.object({ orderId: z.number().int().nonnegative().max(2_147_483_647) });
export type IssueReceiptRequest = z.infer<typeof IssueReceiptRequest>;

export const IssuedReceipt = z.object({ orderId: z.number().int(), email: z.string(), sent: z.literal(true) });
export type IssuedReceipt = z.infer<typeof IssuedReceipt>;
