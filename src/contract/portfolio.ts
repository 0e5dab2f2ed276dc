import { z } from 'zod';
import { controlsMessage, CurrentPassword, httpUrl, withoutControls } from './common.ts';
import { LANGUAGES } from './languages.ts';

export const TITLE_MAX = 255;
export const SUBTITLE_MAX = 500;
export const ABOUT_MAX = 10_000;
export const SOCIAL_URL_MAX = 500;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

/** The site's theme before a visitor picks one: light, dark, or whatever their system prefers. */
export const THEME_DEFAULTS = ['system', 'light', 'dark'] as const;
export const ThemeDefault = z.enum(THEME_DEFAULTS, 'Theme must be system, light or dark');
export type ThemeDefault = z.infer<typeof ThemeDefault>;
/** What the top bar's name says: the product's name (the spec's) or the portfolio title. */
export const TOP_BAR_BRANDS = ['product', 'portfolio'] as const;
export const TopBarBrand = z.enum(TOP_BAR_BRANDS, 'Top bar must show product or portfolio');
export type TopBarBrand = z.infer<typeof TopBarBrand>;
/** The headings' typeface: the system's sans-serif (the default) or one of the bundled fonts. */
export const HEADING_FONTS = ['sans', 'serif', 'display', 'mono'] as const;
export const HeadingFont = z.enum(HEADING_FONTS, 'Heading font must be sans, serif, display or mono');
export type HeadingFont = z.infer<typeof HeadingFont>;
/** A language the site speaks (`languages.ts`). */
export const Language = z.enum(LANGUAGES, 'Language must be one of en, de, fr, es, ja or ar');

/** What a visitor may know of the owner: no email, no secret. */
export const PortfolioOwner = z.object({
  id: z.number().int(),
  username: z.string(),
  portfolioTitle: z.string().nullable(),
  portfolioSubtitle: z.string().nullable(),
  aboutText: z.string().nullable(),
  showContactForm: z.boolean(),
  /** The viewer's caption shows each photo's camera, lens and exposure. Off by default. */
  showCameraDetails: z.boolean(),
  bannerImage: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  substackUrl: z.string().nullable(),
  linktreeUrl: z.string().nullable(),
  themeDefault: ThemeDefault,
  topBarBrand: TopBarBrand,
  headingFont: HeadingFont,
  /**
   * Visitors get a compact top bar without the Portfolio tab (at most 56 px, hiding while they
   * scroll down) instead of the spec's bar; off by default.
   */
  compactTopBar: z.boolean(),
  /** Unsorted photos show to visitors as Other (on by default, as the spec's page). */
  showOtherSection: z.boolean(),
  /** Categories without photos show to visitors, with their empty text (on by default). */
  showEmptyCategories: z.boolean(),
  /** Titles that are only a file name (IMG_1234, or the name it was uploaded under) are not shown to visitors. Off by default. */
  hideFileNameTitles: z.boolean(),
  /** Videos start playing, muted, when the viewer or photo page opens on them. Off by default. */
  autoplayVideos: z.boolean(),
  /** The language of a visitor whose browser asks for none the site offers (English by default). */
  defaultLanguage: Language,
  /** The languages a visitor may read the site in, the default among them (all six by default). */
  languages: z.array(Language),
});
export type PortfolioOwner = z.infer<typeof PortfolioOwner>;

/** Trimmed; a blank value clears the field (spec §5: blank values are sent as null). */
const clearable = (max: number, maxMessage: string, format: z.ZodType<string, string> = z.string(), field: string, lines = false) =>
  z
    .string()
    .trim()
    .max(max, maxMessage)
    .refine(withoutControls({ lines }), controlsMessage(field, { lines }))
    .transform((value) => (value === '' ? null : value))
    .pipe(format.nullable())
    .nullable();

const socialUrl = clearable(SOCIAL_URL_MAX, 'URL must be at most 500 characters', httpUrl('Please enter a valid URL'), 'The URL');

export const PortfolioSettingsUpdate = z
  .object({
    portfolioTitle: clearable(TITLE_MAX, 'Title must be at most 255 characters', z.string(), 'Title'),
    // Edited in a text area: its line breaks are the owner's (a page's description joins them).
    portfolioSubtitle: clearable(SUBTITLE_MAX, 'Subtitle must be at most 500 characters', z.string(), 'Subtitle', true),
    aboutText: clearable(ABOUT_MAX, 'About text must be at most 10000 characters', z.string(), 'About text', true),
    showContactForm: z.boolean(),
    showCameraDetails: z.boolean(),
    showOtherSection: z.boolean(),
    showEmptyCategories: z.boolean(),
    bannerImage: z.string().max(200).nullable(),
    twitterUrl: socialUrl,
    substackUrl: socialUrl,
    linktreeUrl: socialUrl,
    email: clearable(254, 'Valid email is required', z.email('Valid email is required'), 'The email'),
    /** Required when `email` changes the recovery address; ignored otherwise. */
    currentPassword: CurrentPassword,
    themeDefault: ThemeDefault,
    topBarBrand: TopBarBrand,
    headingFont: HeadingFont,
    compactTopBar: z.boolean(),
    hideFileNameTitles: z.boolean(),
    autoplayVideos: z.boolean(),
    defaultLanguage: Language,
    languages: z
      .array(Language)
      .min(1, 'Offer at least one language')
      .refine((languages) => new Set(languages).size === languages.length, 'Each language may be offered once'),
  })
  .partial()
  .strict();
export type PortfolioSettingsUpdate = z.input<typeof PortfolioSettingsUpdate>;
export type PortfolioSettingsChanges = z.output<typeof PortfolioSettingsUpdate>;

export const BannerUploadResponse = z.object({ filename: z.string() });
export type BannerUploadResponse = z.infer<typeof BannerUploadResponse>;
