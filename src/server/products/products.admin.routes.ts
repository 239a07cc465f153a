import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { serveStaff } from '../http/staff-gate';
import { CATEGORIES, HOT_MAJORS, PRODUCTS, QUESTIONS } from '~/lib/api/contracts/admin-catalog';
import { categoryForm, hotMajorForm, productForm, questionForm } from '~/lib/forms/catalog';
import { serveCatalog } from '../catalog/catalog-routes';
import * as service from './products.admin.service';

/** The staff calls of products, operation categories, common questions and hot majors (/api/admin/catalog/...). */
export const productsAdminRoutes = new Hono<ApiEnv>();

serveCatalog(productsAdminRoutes, PRODUCTS, productForm, service.products);
serveCatalog(productsAdminRoutes, CATEGORIES, categoryForm, service.categories);
serveCatalog(productsAdminRoutes, QUESTIONS, questionForm, service.questions);
serveCatalog(productsAdminRoutes, HOT_MAJORS, hotMajorForm, service.hotMajors);
serveStaff(productsAdminRoutes, 'catalogMajors', z.object({}), (s) => service.listMajors(s));
