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

/* eslint-disable no-control-regex -- these patterns name the control characters they refuse */
/** C0 and C1 controls, DEL, and U+FFFE/U+FFFF: characters XML (the feed) cannot hold, that a terminal or a mail reader takes for commands. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/;
/** The same, save a tab and a line break (CR, LF): text that runs over lines keeps them. */
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;
/* eslint-enable no-control-regex */

/** Half of a surrogate pair without its other half: no character at all. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A check for text people type that others read (titles, names, descriptions): no control
 * character, no unpaired surrogate. Refused with a message rather than stripped, so what is
 * saved is what the owner sees in the form. `lines` allows the tab and line breaks.
 */
export const withoutControls =
  ({ lines = false }: { lines?: boolean } = {}) =>
  (value: string): boolean =>
    !UNPAIRED_SURROGATE.test(value) && !(lines ? CONTROLS_BUT_LINES : CONTROLS).test(value);

/** The message that goes with `withoutControls`. */
export const controlsMessage = (field: string, { lines = false }: { lines?: boolean } = {}) =>
  lines ? `${field} must not contain control characters` : `${field} must be one line, without control characters`;
