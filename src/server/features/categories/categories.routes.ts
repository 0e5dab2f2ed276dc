import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  Category,
  CreateCategoryRequest,
  ReorderCategoriesRequest,
  UpdateCategoryRequest,
} from '#contract/categories.ts';
import { IdParams, MessageResponse } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import * as categories from './categories.service.ts';

export const categoriesRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const owner = ownerRoutes(app, 'categories:write');

  owner.post(api.categories, { body: CreateCategoryRequest, response: { 201: Category } }, async (ownerId, request, reply) => {
    const category = await categories.createCategory(ctx, ownerId, request.body);
    return reply.code(201).send(category);
  });

  // Declared before /:id; Fastify's router prefers the static segment in any case.
  owner.put(api.categoriesReorder, { body: ReorderCategoriesRequest, response: { 200: z.array(Category) } }, async (ownerId, request) =>
    categories.reorderCategories(ctx, ownerId, request.body),
  );

  owner.put(api.category, { params: IdParams, body: UpdateCategoryRequest, response: { 200: Category } }, async (ownerId, request) =>
    categories.updateCategory(ctx, ownerId, request.params.id, request.body),
  );

  owner.post(api.categoryRestore, { params: IdParams, response: { 200: Category } }, async (ownerId, request) =>
    categories.restoreCategory(ctx, ownerId, request.params.id),
  );

  owner.delete(api.category, { params: IdParams, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await categories.deleteCategory(ctx, ownerId, request.params.id);
    return { message: 'Category deleted' };
  });
};
