import { ContactRequest, DEFAULT_OWNER_ID, type ContactFormPosted } from '#contract/contact.ts';
import { sendContactMessage, type ContactContext } from '#server/features/contact/contact.service.ts';
import { DomainError } from '#server/lib/errors.ts';
import { httpAnswerOf } from '#server/http/http-error.ts';

/** The largest urlencoded form taken: the contact form's fields at their limits, with room for encoding. */
export const CONTACT_FORM_BODY_LIMIT = 32 * 1024;

/** A urlencoded body's fields; a field given twice keeps its first value. */
export function parseFormBody(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) if (!(name in fields)) fields[name] = value;
  return fields;
}

/**
 * A contact form posted without the script: checked with the contract's schema, then sent by the
 * service the JSON route calls (the owner's switch, the rate limit, the honeypot, the owner's
 * mail). What the visitor typed comes back whatever the outcome, so nothing is lost.
 */
export async function postContactForm(
  ctx: ContactContext,
  fields: Record<string, string>,
  address: string,
): Promise<{ status: number; headers: Record<string, string>; userId: number; posted: ContactFormPosted }> {
  const values = { name: fields.name ?? '', email: fields.email ?? '', message: fields.message ?? '' };
  const ownerField = Number(fields.userId);
  const userId = Number.isSafeInteger(ownerField) && ownerField > 0 ? ownerField : DEFAULT_OWNER_ID;
  const parsed = ContactRequest.safeParse({ ...values, userId, ...(fields.website ? { website: fields.website } : {}) });
  if (!parsed.success) {
    const problems: ContactFormPosted['problems'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'name' || field === 'email' || field === 'message') && !problems[field]) problems[field] = issue.code;
    }
    return { status: 400, headers: {}, userId, posted: { outcome: 'invalid', values, problems } };
  }
  try {
    await sendContactMessage(ctx, parsed.data, address);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { statusCode, headers } = httpAnswerOf(error);
    return { status: statusCode, headers, userId, posted: { outcome: 'failed', values, problems: {} } };
  }
  return { status: 200, headers: {}, userId, posted: { outcome: 'sent', values: { name: '', email: '', message: '' }, problems: {} } };
}
