/** Shapes shared by many calls: plain answers, error bodies, ids and links. */
import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

/** The body of a successful call that has nothing to return but a sentence for the user. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** A code of the catalog (error-codes.ts), and the values its text holds. */
export const ErrorCodeField = z.enum(ERROR_CODES);
export const ErrorParamsField = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * Every non-2xx answer of the API has this body: a stable code of the catalog (error-codes.ts),
 * its English text, and the values that text holds; invalid input adds one issue per bad field.
 */
export const ApiErrorBody = z.object({
  code: ErrorCodeField,
  message: z.string(),
  params: ErrorParamsField.optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });

/** Links the owner types must be http(s): a javascript: link in a portfolio is an XSS. */
export const httpUrl = (message = 'Please enter a valid URL') =>
  z.url({ protocol: /^https?$/, hostname: z.regexes.domain, message }).max(500);

export const PASSWORD_MIN_LENGTH = 6;
/** argon2 hashes any length in constant memory; the cap only keeps request bodies sane. */
export const PASSWORD_MAX_LENGTH = 1024;

/** The signed-in owner's password, asked again before a change that could hand the account to someone else. */
export const CurrentPassword = z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH);
