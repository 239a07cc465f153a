import { expect } from 'vitest';
import type { SeedTenant } from '~/dev/seed/demo-data';
import { HOUR, type Answer, type TestServer } from './server';
import { urlOf } from '~/lib/api/contract';
import { t } from '~/server/i18n';
import * as content from '~/lib/api/contracts/content';
import * as media from '~/lib/api/contracts/media';
import * as engagement from '~/lib/api/contracts/engagement';
import * as products from '~/lib/api/contracts/products';
import * as tenant from '~/lib/api/contracts/tenant';
import * as identity from '~/lib/api/contracts/identity';

/** The served API paths, from the contracts (tests name calls as the islands do). */
export const PATH = {
  schoolInfo: urlOf(tenant.schoolInfo),
  businessSchool: urlOf(tenant.businessSchool),
  domainByType: urlOf(tenant.domainByType),
  tenantByPreDomain: urlOf(tenant.tenantByPreDomain),
  newsPage: urlOf(content.newsPage),
  newsDetail: urlOf(content.newsDetail),
  categoryPage: urlOf(content.categoryPage),
  noticePage: urlOf(content.noticePage),
  noticeDetail: (id: string) => urlOf(content.noticeDetail, { id }),
  recent: urlOf(content.recentArticles),
  hotMajorPage: urlOf(content.hotMajorPage),
  banners: urlOf(media.banners),
  albumTabs: urlOf(media.albumTabs),
  albumCategories: urlOf(media.albumCategories),
  albumMaterials: urlOf(media.albumMaterials),
  feedPage: urlOf(media.feedPage),
  feedItem: (id: string) => urlOf(media.feedItem, { id }),
  feedTags: urlOf(media.feedTags),
  commentPage: urlOf(engagement.commentPage),
  threadPage: urlOf(engagement.threadPage),
  saveComment: urlOf(engagement.saveComment),
  replyComment: urlOf(engagement.replyComment),
  removeComment: urlOf(engagement.removeComment),
  commentWithReplies: urlOf(engagement.commentWithReplies),
  like: urlOf(engagement.like),
  unlike: urlOf(engagement.unlike),
  reviewPage: urlOf(engagement.reviewPage),
  reviewTags: urlOf(engagement.reviewTags),
  productPage: urlOf(products.productPage),
  operationCategories: urlOf(products.operationCategories),
  relationPage: urlOf(products.relationPage),
  hotMajorDetail: urlOf(products.hotMajorDetail),
  commonQuestionPage: urlOf(products.commonQuestionPage),
  tokenDecode: urlOf(identity.decodeTokenParam),
} as const;

const SUCCESS = [0, 200, 1];
const CHINESE = /[\u4e00-\u9fff]/;
const STACK_TRACE = /\n\s+at\s|\bat\s+\S+\s+\(|\.(?:ts|js|mjs):\d+|node_modules|\bError:\s/;

/** A success envelope {code: 0, data, message}; returns data. */
export function expectOk<T = any>(answer: Answer): T {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body, answer.text).toBeTypeOf('object');
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'data', 'message']);
  expect(answer.body.code, answer.text).toBe(0);
  expect(answer.body.message).toBeTypeOf('string');
  expect(answer.body.data).not.toBeUndefined();
  return answer.body.data as T;
}

/**
 * A refusal: HTTP 200 or 4xx (never 5xx), the given non-success code, no data, and exactly the
 * given message (a RegExp only where the message carries a variable part), which is Chinese and
 * shows nothing that looks like a stack trace. Naming the code and the message keeps a test from
 * passing on another refusal than the one it means (the gate refusing before validation runs).
 */
export function expectRefused(answer: Answer, code: number, message: string | RegExp): void {
  expect(answer.status, answer.text).toBeLessThan(500);
  expect(answer.status === 200 || (answer.status >= 400 && answer.status < 500), `HTTP ${answer.status}`).toBe(true);
  expect(answer.body, answer.text).toBeTypeOf('object');
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'data', 'message']);
  expect(SUCCESS, answer.text).not.toContain(answer.body.code);
  expect(answer.body.code).toBeTypeOf('number');
  expect(answer.body.code, answer.text).toBe(code);
  expect(answer.body.data).toBeNull();
  expect(answer.body.message).toBeTypeOf('string');
  expect(answer.body.message, answer.text).toMatch(CHINESE);
  if (typeof message === 'string') expect(answer.body.message, answer.text).toBe(message);
  else expect(answer.body.message, answer.text).toMatch(message);
  expect(answer.text).not.toMatch(STACK_TRACE);
}

/** The refusal of one field of a request, with the reason (an i18n message or the validator's own). */
export const invalidField = (field: string, reason: string) => t('validation.invalidField', { field, reason });

/** Paging fields are numbers and consistent with each other. */
export function expectPage(page: any, expected: { current?: number; size?: number; total?: number } = {}) {
  for (const key of ['current', 'pages', 'size', 'total'] as const) expect(page[key], key).toBeTypeOf('number');
  expect(Array.isArray(page.records)).toBe(true);
  expect(page.pages).toBe(Math.ceil(page.total / page.size));
  expect(page.records.length).toBeLessThanOrEqual(page.size);
  if (expected.current !== undefined) expect(page.current).toBe(expected.current);
  if (expected.size !== undefined) expect(page.size).toBe(expected.size);
  if (expected.total !== undefined) expect(page.total).toBe(expected.total);
}

/** 'YYYY-MM-DD HH:mm:ss' */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

type SeedNews = SeedTenant['news'][number];
type SeedNotice = SeedTenant['notices'][number];

export const isPublished = (item: { status?: number }) => (item.status ?? 1) === 1;
export const publishedNews = (t: SeedTenant): SeedNews[] => t.news.filter(isPublished);
export const publishedNotices = (t: SeedTenant): SeedNotice[] => t.notices.filter(isPublished);
export const ageMs = (item: { ageHours: number }) => item.ageHours * HOUR;

/**
 * Ids of seeded rows that no API call may ever show (drafts, withdrawn). A visitor cannot learn
 * them, so the test reads them from the database the server uses.
 */
export async function hiddenIds(server: TestServer, table: 'news' | 'notices', tenantId: string) {
  const rows = await server.runtime.db.selectFrom(table).select(['id', 'title', 'status']).where('tenantId', '=', tenantId).where('status', '!=', 1).execute();
  return rows;
}

/** Every record of a paged POST call, page by page. */
export async function allRecords(server: TestServer, path: string, body: Record<string, unknown>, tenant?: string | null) {
  const records: any[] = [];
  for (let current = 1; current < 100; current++) {
    const page = expectOk(await server.post(path, { ...body, current, size: 50 }, { tenant }));
    records.push(...page.records);
    if (current >= page.pages) return records;
  }
  throw new Error('too many pages');
}
