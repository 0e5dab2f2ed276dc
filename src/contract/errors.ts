import { z } from 'zod';

/** Every non-2xx answer of the API has this body (DESIGN §5). */
export const ApiErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });

/** Links the owner types must be http(s): a javascript: link in a portfolio is an XSS. */
export const httpUrl = (message = 'Please enter a valid URL') =>
  z.url({ protocol: /^https?$/, hostname: z.regexes.domain, message }).max(500);
