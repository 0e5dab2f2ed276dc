import { z } from 'zod';
import { httpUrl } from './common.ts';

export const TITLE_MAX = 255;
export const SUBTITLE_MAX = 500;
export const ABOUT_MAX = 10_000;
export const SOCIAL_URL_MAX = 500;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

/** What a visitor may know of the owner: no email, no secret. */
export const PortfolioOwner = z.object({
  id: z.number().int(),
  username: z.string(),
  portfolioTitle: z.string().nullable(),
  portfolioSubtitle: z.string().nullable(),
  aboutText: z.string().nullable(),
  showContactForm: z.boolean(),
  bannerImage: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  substackUrl: z.string().nullable(),
  linktreeUrl: z.string().nullable(),
});
export type PortfolioOwner = z.infer<typeof PortfolioOwner>;

/** Trimmed; a blank value clears the field (spec §5: blank values are sent as null). */
const clearable = (max: number, maxMessage: string, format: z.ZodType<string, string> = z.string()) =>
  z
    .string()
    .trim()
    .max(max, maxMessage)
    .transform((value) => (value === '' ? null : value))
    .pipe(format.nullable())
    .nullable();

const socialUrl = clearable(SOCIAL_URL_MAX, 'URL must be at most 500 characters', httpUrl('Please enter a valid URL'));

export const PortfolioSettingsUpdate = z
  .object({
    portfolioTitle: clearable(TITLE_MAX, 'Title must be at most 255 characters'),
    portfolioSubtitle: clearable(SUBTITLE_MAX, 'Subtitle must be at most 500 characters'),
    aboutText: clearable(ABOUT_MAX, 'About text must be at most 10000 characters'),
    showContactForm: z.boolean(),
    bannerImage: z.string().max(200).nullable(),
    twitterUrl: socialUrl,
    substackUrl: socialUrl,
    linktreeUrl: socialUrl,
    email: clearable(254, 'Valid email is required', z.email('Valid email is required')),
  })
  .partial()
  .strict();
export type PortfolioSettingsUpdate = z.input<typeof PortfolioSettingsUpdate>;
export type PortfolioSettingsChanges = z.output<typeof PortfolioSettingsUpdate>;

export const BannerUploadResponse = z.object({ filename: z.string() });
export type BannerUploadResponse = z.infer<typeof BannerUploadResponse>;
