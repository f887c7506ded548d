import { z } from 'zod';

// The error answer's schema lives apart from the codes in errors.ts: building a zod schema runs
// zod at import time, and the web app's first screen imports the codes (error texts) but needs no
// zod (decision 0018; e2e/first-screen-loading.spec.ts checks the login page loads none).

/** Parameter values as they travel in JSON. */
export const ErrorParamsOutput = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The one error shape of every REST answer (WordPress REST style; the spec's client reads
 * `data.message`): `{ code, message, data: { status, params } }`. `message` is English, for logs
 * and old clients; `params` fill in the translated text (`{}` when the code takes none).
 */
export const ErrorOutput = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({ status: z.number().int(), params: ErrorParamsOutput.optional() }),
});
export type ErrorOutput = z.infer<typeof ErrorOutput>;
