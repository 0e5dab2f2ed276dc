/**
 * The contact form's limits and the form posted without the script, apart from the schema: the
 * header card's plain form is in a visitor's first load, and zod is not.
 */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 1000;
/** The spec's fallback when the owner is unknown. */
export const DEFAULT_OWNER_ID = 1;

/** The page route a contact form posts to when the browser runs no script (a urlencoded form). */
export const CONTACT_FORM_POST = '/contact';

/** What the server tells the form it answers a plain post with: the outcome, the text kept, the fields' issue codes. */
export interface ContactFormPosted {
  outcome: 'sent' | 'failed' | 'invalid';
  values: { name: string; email: string; message: string };
  problems: { name?: string; email?: string; message?: string };
}
