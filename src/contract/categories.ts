import { z } from 'zod';
import { controlsMessage, withoutControls } from './common.ts';
import { CopyrightField, CreditField, LicenseField } from './rights.ts';

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 1000;

/**
 * How a category's photos are laid out: the spec's square grid (the default), justified rows
 * (each photo at its own aspect ratio, rows filling the width) or masonry columns.
 */
export const CATEGORY_LAYOUTS = ['square', 'justified', 'masonry'] as const;
export const CategoryLayout = z.enum(CATEGORY_LAYOUTS, 'Layout must be square, justified or masonry');
export type CategoryLayout = z.infer<typeof CategoryLayout>;
/** Compact is the spec's tile size; large shows fewer, bigger photos. */
export const CATEGORY_DENSITIES = ['compact', 'large'] as const;
export const CategoryDensity = z.enum(CATEGORY_DENSITIES, 'Density must be compact or large');
export type CategoryDensity = z.infer<typeof CategoryDensity>;

/**
 * Who sees a category: everyone (the spec's behaviour, the default); or, unlisted,
 * only who holds one of the owner's links to it: kept from the portfolio, the sitemap, the feed
 * and link previews; or, private, only the owner: its links are paused (they answer 404) until
 * it is unlisted or public again. The copies of an unlisted or private category's photos are
 * served only to those with access.
 */
export const CATEGORY_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const CategoryVisibility = z.enum(CATEGORY_VISIBILITIES, 'Visibility must be public, unlisted or private');
export type CategoryVisibility = z.infer<typeof CategoryVisibility>;

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  layout: CategoryLayout,
  density: CategoryDensity,
  /** A draft: kept from visitors while the owner arranges it. Always false in a visitor's answer. */
  hidden: z.boolean(),
  /** Always public in a visitor's answer. */
  visibility: CategoryVisibility,
  /** The licence, credit and copyright of its photos that have none of their own. */
  defaultLicense: z.string().nullable(),
  defaultCredit: z.string().nullable(),
  defaultCopyright: z.string().nullable(),
});
export type Category = z.infer<typeof Category>;

const categoryName = z
  .string()
  .trim()
  .min(1, 'Category name is required')
  .max(CATEGORY_NAME_MAX, 'Category name must be at most 100 characters')
  .refine(withoutControls(), controlsMessage('Category name'));

const categoryDescription = z
  .string()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, 'Description must be at most 1000 characters')
  .refine(withoutControls({ lines: true }), controlsMessage('Description', { lines: true }))
  .nullish()
  .transform((value) => (value ? value : null));

export const CreateCategoryRequest = z.object({
  name: categoryName,
  order: z.number().int().min(0).optional(),
  description: categoryDescription,
  hidden: z.boolean().optional(),
  /** Who sees it from the start; public (the spec's behaviour) when absent. */
  visibility: CategoryVisibility.optional(),
});
export type CreateCategoryRequest = z.input<typeof CreateCategoryRequest>;
/** The request after parsing: trimmed, blank description as null. */
export type CreateCategoryFields = z.output<typeof CreateCategoryRequest>;

export const UpdateCategoryRequest = z
  .object({
    name: categoryName,
    description: categoryDescription,
    layout: CategoryLayout,
    density: CategoryDensity,
    hidden: z.boolean(),
    visibility: CategoryVisibility,
    defaultLicense: LicenseField,
    defaultCredit: CreditField,
    defaultCopyright: CopyrightField,
  })
  .partial();
export type UpdateCategoryRequest = z.input<typeof UpdateCategoryRequest>;
export type UpdateCategoryFields = z.output<typeof UpdateCategoryRequest>;

export const ReorderCategoriesRequest = z.object({
  categoryUpdates: z
    .array(z.object({ id: z.number().int().positive(), order: z.number().int().min(0) }))
    .min(1)
    .max(10_000),
});
export type ReorderCategoriesRequest = z.infer<typeof ReorderCategoriesRequest>;
