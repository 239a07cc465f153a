import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import type { ApiEnv } from '../http/scope';
import { serveStaff } from '../http/staff-gate';
import { idSchema } from '../http/validate';
import {
  catalogListQuery,
  catalogState,
  optionalId,
  optionalText,
  optionalUrl,
  requiredText,
  seqField,
  scheduleChange,
  stateChange,
  urlOrBlank,
  withId,
} from '../http/catalog-input';
import * as service from './products.admin.service';

/** The staff calls of products, operation categories and common questions (/api/admin/catalog/...). */

const MAX_ANSWER = 20000;

const product = z.object({
  id: optionalId,
  name: requiredText(t('catalog.field.productName'), 128),
  pic: optionalUrl(t('catalog.field.pic')),
  picTag: optionalText(t('catalog.field.picTag'), 32),
  periodTypes: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: t('catalog.badPeriodType') }), { error: t('catalog.badPeriodType') })
    .max(4, t('catalog.badPeriodType'))
    .default([]),
  certificationOrg: optionalText(t('catalog.field.certificationOrg'), 128),
  issuingAuthorityName: optionalText(t('catalog.field.issuingAuthorityName'), 128),
  certificateTypeDesc: optionalText(t('catalog.field.certificateTypeDesc'), 64),
  certificateVerificationType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: t('catalog.badVerification') }).default(0),
  certificateBenefits: optionalText(t('catalog.field.certificateBenefits'), 2000),
  detail: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: t('catalog.badFormat', { field: t('catalog.field.detail') }) })
      .max(MAX_ANSWER, t('catalog.tooLong', { field: t('catalog.field.detail'), max: MAX_ANSWER })),
  ),
  schoolName: optionalText(t('catalog.field.schoolName'), 128),
  trainingInstitutionsName: optionalText(t('catalog.field.trainingInstitutionsName'), 128),
  defStandPrice: optionalText(t('catalog.field.defStandPrice'), 32),
  defCouponPrice: optionalText(t('catalog.field.defCouponPrice'), 32),
  subsidyPrice: optionalText(t('catalog.field.subsidyPrice'), 32),
  categoryIds: z
    .array(idSchema, { error: t('catalog.categoryNotFound') })
    .max(20, t('catalog.tooManyCategories'))
    .default([]),
  seq: seqField.default(0),
  state: catalogState,
});

const category = z.object({
  id: optionalId,
  name: requiredText(t('catalog.field.categoryName'), 64),
  seq: seqField.default(0),
  state: catalogState,
});

const question = z.object({
  id: optionalId,
  majorId: z
    .string({ error: t('catalog.chooseMajor') })
    .trim()
    .regex(/^[0-9A-Za-z_-]{1,32}$/, t('catalog.chooseMajor')),
  name: requiredText(t('catalog.field.question'), 200),
  answer: requiredText(t('catalog.field.answer'), MAX_ANSWER),
  seq: z.preprocess((v) => (v === '' || v === undefined ? null : v), seqField.nullable()),
  state: catalogState,
});

const certificate = z.object(
  {
    name: requiredText(t('catalog.field.certificateName'), 64),
    url: urlOrBlank(t('catalog.field.certificatePic')),
  },
  { error: t('catalog.badFormat', { field: t('catalog.field.certificates') }) },
);

const hotMajor = z.object({
  id: optionalId,
  name: requiredText(t('catalog.field.majorName'), 128),
  pic: optionalUrl(t('catalog.field.majorPic')),
  industrySalary: z.coerce
    .number({ error: t('catalog.badSalary') })
    .int(t('catalog.badSalary'))
    .min(0, t('catalog.badSalary'))
    .max(1000000, t('catalog.badSalary'))
    .default(0),
  employmentProspectDescribe: optionalText(t('catalog.field.employmentProspect'), 2000),
  suitabilityPeopleDescribe: optionalText(t('catalog.field.suitabilityPeople'), 2000),
  relatedCertificate: z
    .array(certificate, { error: t('catalog.badFormat', { field: t('catalog.field.certificates') }) })
    .max(20, t('catalog.tooManyCertificates'))
    .default([]),
  seq: seqField.default(0),
  state: catalogState,
});

export const productsAdminRoutes = new Hono<ApiEnv>();

serveStaff(productsAdminRoutes, 'catalogProducts', catalogListQuery, (s, actor, q) => service.pageProducts(s, actor, q));
serveStaff(productsAdminRoutes, 'catalogProductSave', product, (s, actor, b) => service.saveProduct(s, actor, b));
serveStaff(productsAdminRoutes, 'catalogProductState', stateChange, (s, actor, b) => service.setProductState(s, actor, b.id, b.state));
serveStaff(productsAdminRoutes, 'catalogProductDelete', withId, (s, actor, b) => service.deleteProduct(s, actor, b.id));

serveStaff(productsAdminRoutes, 'catalogCategories', catalogListQuery, (s, actor, q) => service.pageCategories(s, actor, q));
serveStaff(productsAdminRoutes, 'catalogCategorySave', category, (s, actor, b) => service.saveCategory(s, actor, b));
serveStaff(productsAdminRoutes, 'catalogCategoryState', stateChange, (s, actor, b) => service.setCategoryState(s, actor, b.id, b.state));
serveStaff(productsAdminRoutes, 'catalogCategoryDelete', withId, (s, actor, b) => service.deleteCategory(s, actor, b.id));

serveStaff(productsAdminRoutes, 'catalogQuestions', catalogListQuery, (s, actor, q) => service.pageQuestions(s, actor, q));
serveStaff(productsAdminRoutes, 'catalogQuestionSave', question, (s, actor, b) => service.saveQuestion(s, actor, b));
serveStaff(productsAdminRoutes, 'catalogQuestionState', stateChange, (s, actor, b) => service.setQuestionState(s, actor, b.id, b.state));
serveStaff(productsAdminRoutes, 'catalogQuestionDelete', withId, (s, actor, b) => service.deleteQuestion(s, actor, b.id));
serveStaff(productsAdminRoutes, 'catalogMajorList', catalogListQuery, (s, actor, q) => service.pageHotMajors(s, actor, q));
serveStaff(productsAdminRoutes, 'catalogMajorSave', hotMajor, (s, actor, b) => service.saveHotMajor(s, actor, b));
serveStaff(productsAdminRoutes, 'catalogMajorState', stateChange, (s, actor, b) => service.setHotMajorState(s, actor, b.id, b.state));
serveStaff(productsAdminRoutes, 'catalogMajorDelete', withId, (s, actor, b) => service.deleteHotMajor(s, actor, b.id));
serveStaff(productsAdminRoutes, 'catalogMajors', z.object({}), (s) => service.listMajors(s));

serveStaff(productsAdminRoutes, 'catalogProductSchedule', scheduleChange, (s, actor, b) => service.scheduleProduct(s, actor, b.id, b.publishAt));
serveStaff(productsAdminRoutes, 'catalogCategorySchedule', scheduleChange, (s, actor, b) => service.scheduleCategory(s, actor, b.id, b.publishAt));
serveStaff(productsAdminRoutes, 'catalogQuestionSchedule', scheduleChange, (s, actor, b) => service.scheduleQuestion(s, actor, b.id, b.publishAt));
serveStaff(productsAdminRoutes, 'catalogMajorSchedule', scheduleChange, (s, actor, b) => service.scheduleHotMajor(s, actor, b.id, b.publishAt));
