import { catalogOwner } from '../catalog/catalog-resource';
import { categories, hotMajors, products, questions } from './products.admin.service';

/** The products' rows and the hot majors in the catalog.publish job (jobs/catalog-publish.handler.ts), registered by the composition root. */
export const productsCatalog = catalogOwner([products, categories, questions, hotMajors]);
