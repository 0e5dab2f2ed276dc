import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Category,
  CreateCategoryRequest,
  ReorderCategoriesRequest,
  UpdateCategoryRequest,
} from '#contract/categories.ts';
import { MessageResponse } from '#contract/common.ts';
import { IdParams } from '#contract/common.ts';
import type { Db } from '#server/db/database.ts';
import { ownerOf, requireOwner } from '#server/features/auth/session.ts';
import { getPortfolioOwner } from '#server/features/portfolio/portfolio.service.ts';
import * as categories from './categories.service.ts';

export function categoriesRoutes(app: FastifyInstance, ctx: { db: Db }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  api.get('/api/categories', { schema: { response: { 200: z.array(Category) } } }, async () => {
    const owner = await getPortfolioOwner(db);
    return categories.listCategories(db, owner.id);
  });

  api.post(
    '/api/categories',
    { onRequest: requireOwner, schema: { body: CreateCategoryRequest, response: { 201: Category } } },
    async (request, reply) => {
      const category = await categories.createCategory(db, ownerOf(request).id, request.body);
      return reply.code(201).send(category);
    },
  );

  // Declared before /:id; Fastify's router prefers the static segment in any case.
  api.put(
    '/api/categories/reorder',
    { onRequest: requireOwner, schema: { body: ReorderCategoriesRequest, response: { 200: z.array(Category) } } },
    async (request) => categories.reorderCategories(db, ownerOf(request).id, request.body),
  );

  api.put(
    '/api/categories/:id',
    { onRequest: requireOwner, schema: { params: IdParams, body: UpdateCategoryRequest, response: { 200: Category } } },
    async (request) => categories.updateCategory(db, ownerOf(request).id, request.params.id, request.body),
  );

  api.delete(
    '/api/categories/:id',
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await categories.deleteCategory(db, ownerOf(request).id, request.params.id);
      return { message: 'Category deleted' };
    },
  );
}
