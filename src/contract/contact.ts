import { z } from 'zod';
import { controlsMessage, withoutControls } from './common.ts';

import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, DEFAULT_OWNER_ID } from './contact-form.ts';

export { CONTACT_FORM_POST, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, DEFAULT_OWNER_ID, type ContactFormPosted } from './contact-form.ts';

export const ContactRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_NAME_MAX, 'Name must be at most 100 characters')
    .refine(withoutControls(), controlsMessage('Name')),
  email: z.email('Valid email is required').max(254),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_MESSAGE_MAX, 'Message must be at most 1000 characters')
    .refine(withoutControls({ lines: true }), controlsMessage('Message', { lines: true })),
  userId: z.number().int().positive().default(DEFAULT_OWNER_ID),
  /** Honeypot: people never see this field, bots fill it in. */
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.input<typeof ContactRequest>;

export const ContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof ContactMessage>;

export const ContactMessageList = z.object({
  messages: z.array(ContactMessage),
  unread: z.number().int(),
});
export type ContactMessageList = z.infer<typeof ContactMessageList>;
