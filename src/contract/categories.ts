import { z } from 'zod';

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 1000;

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
});
export type Category = z.infer<typeof Category>;

const categoryName = z
  .string()
  .trim()
  .min(1, 'Category name is required')
  .max(CATEGORY_NAME_MAX, 'Category name must be at most 100 characters');

const categoryDescription = z
  .string()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, 'Description must be at most 1000 characters')
  .nullish()
  .transform((value) => (value ? value : null));

export const CreateCategoryRequest = z.object({
  name: categoryName,
  order: z.number().int().min(0).optional(),
  description: categoryDescription,
});
export type CreateCategoryRequest = z.input<typeof CreateCategoryRequest>;
/** The request after parsing: trimmed, blank description as null. */
export type CreateCategoryFields = z.output<typeof CreateCategoryRequest>;

export const UpdateCategoryRequest = z
  .object({ name: categoryName, description: categoryDescription })
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
