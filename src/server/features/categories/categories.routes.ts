import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { ownerOf, requireOwner } from '#server/features/auth/session.ts';
import * as categories from './categories.service.ts';

export const categoriesRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    api.categories,
    { onRequest: requireOwner, schema: { body: CreateCategoryRequest, response: { 201: Category } } },
    async (request, reply) => {
      const category = await categories.createCategory(ctx, ownerOf(request).id, request.body);
      return reply.code(201).send(category);
    },
  );

  // Declared before /:id; Fastify's router prefers the static segment in any case.
  routes.put(
    api.categoriesReorder,
    { onRequest: requireOwner, schema: { body: ReorderCategoriesRequest, response: { 200: z.array(Category) } } },
    async (request) => categories.reorderCategories(ctx, ownerOf(request).id, request.body),
  );

  routes.put(
    api.category,
    { onRequest: requireOwner, schema: { params: IdParams, body: UpdateCategoryRequest, response: { 200: Category } } },
    async (request) => categories.updateCategory(ctx, ownerOf(request).id, request.params.id, request.body),
  );

  routes.post(
    api.categoryRestore,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: Category } } },
    async (request) => categories.restoreCategory(ctx, ownerOf(request).id, request.params.id),
  );

  routes.delete(
    api.category,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await categories.deleteCategory(ctx, ownerOf(request).id, request.params.id);
      return { message: 'Category deleted' };
    },
  );
};
