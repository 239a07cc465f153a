import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import { pageOf, type Page } from '~/lib/paging';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET, type AuditAction } from '~/lib/staff/roles';
import type {
  AdminCategory,
  AdminNews,
  AdminNewsSummary,
  AdminNotice,
  AdminNoticeSummary,
  ArticleState,
  NewsInput,
  NoticeInput,
  PreviewLink,
} from '~/lib/api/contracts/admin-content';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditedOrder, auditStaffAction, auditStaffChange } from '../staff/audit/audit.service';
import * as jobs from '../jobs/jobs.service';
import type { Job } from '../jobs/jobs.service';
import { safeMediaUrl, sanitizeRichText } from '../sanitize';
import * as repo from './content-admin.repository';
import { STATUS_OF_STATE, afterUnpublish, mayPublish, mayScheduleAt, publicationJobKey, stateOf, type Refusal } from './content-admin.rules';
import { makePreviewTicket } from './preview.rules';
import type { News, Notice } from './content.table';
import { PUBLICATION } from '~/lib/status';
import type { PageKind } from '../events/page-changes';

/**
 * The staff side of news, notices and news categories: the content domain's service called with
 * the signed-in staff member. Every change is checked against the school of the session, made
 * with a conditional write where it must happen once, and written to the audit log in the same
 * transaction. Rich text is sanitised when saved (and the public pages sanitise it again when shown).
 * A committed change of what visitors can see (a published item, a category) is published as a
 * change of the school's news or notice pages, so every cache drops them at once.
 */

/** The job kind that publishes a scheduled item at its time. */
export const CONTENT_PUBLISH_JOB = 'content.publish';

type Kind = 'news' | 'notice';
const TABLE = { news: 'news', notice: 'notices' } as const;
const TARGET = { news: AUDIT_TARGET.news, notice: AUDIT_TARGET.notice } as const;
const ACTIONS = {
  news: {
    create: AUDIT_ACTION.newsCreate,
    update: AUDIT_ACTION.newsUpdate,
    publish: AUDIT_ACTION.newsPublish,
    schedule: AUDIT_ACTION.newsSchedule,
    unpublish: AUDIT_ACTION.newsUnpublish,
    delete: AUDIT_ACTION.newsDelete,
  },
  notice: {
    create: AUDIT_ACTION.noticeCreate,
    update: AUDIT_ACTION.noticeUpdate,
    publish: AUDIT_ACTION.noticePublish,
    schedule: AUDIT_ACTION.noticeSchedule,
    unpublish: AUDIT_ACTION.noticeUnpublish,
    delete: AUDIT_ACTION.noticeDelete,
  },
} as const satisfies Record<Kind, Record<string, AuditAction>>;

const PAGE_KIND = { news: 'news', notice: 'notices' } as const satisfies Record<Kind, PageKind>;

/** Tells every cache that the school's pages showing this kind of item changed (after the commit). */
const pagesChanged = (s: Scope, tenantId: string, kind: Kind) => s.pageChanges.publish({ schoolId: tenantId, kinds: [PAGE_KIND[kind]] });

const refuse = (r: Refusal) => AppError.conflict(t(`adminContent.refusal.${r}`));
const notFound = (kind: Kind) => AppError.notFound(t(kind === 'news' ? 'adminContent.newsNotFound' : 'adminContent.noticeNotFound'));

/** A video news item's content is its URL: only http(s) or a path of this site. */
function checkedContent(contentType: News['contentType'], content: string, tenantId: string): string {
  if (contentType === 'ARTICLE') return sanitizeRichText(content, tenantId);
  const url = safeMediaUrl(content);
  if (!url) throw AppError.badRequest(t('adminContent.videoUrlInvalid'));
  return url;
}

function coverOf(cover: string | null | undefined): string | null {
  if (!cover) return null;
  const url = safeMediaUrl(cover);
  if (!url) throw AppError.badRequest(t('adminContent.coverInvalid'));
  return url;
}

// ---------------------------------------------------------------- news

export async function pageNews(
  s: Scope,
  actor: StaffActor,
  q: { current: number; size: number; title?: string | undefined; state?: ArticleState | undefined; categorizeId?: string | undefined },
): Promise<Page<AdminNewsSummary>> {
  const tenantId = actor.tenant.id;
  const { rows, total } = await repo.pageNews(s.db, tenantId, {
    ...windowOf({ current: q.current, size: q.size, order: 'desc' }),
    title: q.title,
    status: q.state ? STATUS_OF_STATE[q.state] : undefined,
    categorizeId: q.categorizeId,
  });
  const links = await categoriesByNews(
    s.db,
    tenantId,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => newsSummary(r, links.get(r.id) ?? [])),
    total,
    q.current,
    q.size,
  );
}

async function categoriesByNews(db: DB, tenantId: string, ids: string[]) {
  const map = new Map<string, { id: string; name: string }[]>();
  for (const l of await repo.linksOf(db, tenantId, ids)) map.set(l.newsId, [...(map.get(l.newsId) ?? []), { id: l.id, name: l.name }]);
  return map;
}

function newsSummary(
  r: Pick<News, 'id' | 'title' | 'status' | 'contentType' | 'publishTime' | 'updatedAt'>,
  categories: { id: string; name: string }[],
): AdminNewsSummary {
  return { id: r.id, title: r.title, state: stateOf(r.status), contentType: r.contentType, categories, publishAt: r.publishTime, updatedAt: r.updatedAt };
}

async function newsOf(db: DB, tenantId: string, id: string): Promise<AdminNews> {
  const row = await repo.findNews(db, tenantId, id);
  if (!row) throw notFound('news');
  const links = await categoriesByNews(db, tenantId, [id]);
  return {
    ...newsSummary(row, links.get(id) ?? []),
    cover: row.cover,
    introduction: row.introduction,
    sources: row.sources,
    content: row.contentType === 'ARTICLE' ? sanitizeRichText(row.content, tenantId) : row.content,
  };
}

export const getNews = (s: Scope, actor: StaffActor, id: string) => newsOf(s.db, actor.tenant.id, id);

/** Creates a draft (no id) or saves an item's fields whatever its state: a published item changes at once. */
export async function saveNews(s: Scope, actor: StaffActor, input: NewsInput): Promise<AdminNews> {
  const tenantId = actor.tenant.id;
  const categoryIds = [...new Set(input.categorizeIds)];
  const fields = {
    title: input.title,
    cover: coverOf(input.cover),
    introduction: input.introduction || null,
    sources: input.sources || null,
    contentType: input.contentType,
    content: checkedContent(input.contentType, input.content, tenantId),
    updatedAt: s.now,
  };
  const saved = await s.db.transaction().execute(async (trx) => {
    const known = await repo.existingCategoryIds(trx, tenantId, categoryIds);
    if (known.length !== categoryIds.length) throw AppError.badRequest(t('adminContent.categoryMissing'));
    if (!input.id) {
      const id = newId(s.now);
      await repo.insertNews(trx, { id, tenantId, ...fields, publishTime: s.now, status: PUBLICATION.DRAFT, seq: 0, browseCount: 0, createdAt: s.now });
      await repo.replaceLinks(trx, tenantId, id, categoryIds);
      await auditStaffAction(trx, s, actor, ACTIONS.news.create, { type: TARGET.news, id }, null, { title: fields.title, categorizeIds: categoryIds });
      return { news: await newsOf(trx, tenantId, id), wasPublic: false };
    }
    const before = await repo.findNews(trx, tenantId, input.id);
    if (!before) throw notFound('news');
    const beforeLinks = (await repo.linksOf(trx, tenantId, [input.id])).map((l) => l.id);
    await repo.updateNewsFields(trx, tenantId, input.id, fields);
    await repo.replaceLinks(trx, tenantId, input.id, categoryIds);
    const was = { ...pickNews(before), categorizeIds: beforeLinks.sort() };
    const now = { ...pickNews(fields), categorizeIds: [...categoryIds].sort() };
    await auditStaffAction(trx, s, actor, ACTIONS.news.update, { type: TARGET.news, id: input.id }, auditable(was), auditable(now));
    return { news: await newsOf(trx, tenantId, input.id), wasPublic: before.status === PUBLICATION.PUBLISHED };
  });
  // A published item changes at once on the public pages; a draft's edit shows nowhere.
  if (saved.wasPublic) await pagesChanged(s, tenantId, 'news');
  return saved.news;
}

/** The fields an edit may change, as the audit log compares them. */
const pickNews = (n: Pick<News, 'title' | 'cover' | 'introduction' | 'sources' | 'contentType' | 'content'>) => ({
  title: n.title,
  cover: n.cover,
  introduction: n.introduction,
  sources: n.sources,
  contentType: n.contentType,
  content: n.content,
});

/** Long bodies are not copied into the audit log: their length and whether they changed say enough. */
function auditable(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = k === 'content' && typeof v === 'string' ? `${v.length} chars #${hash(v)}` : v;
  return out;
}

function hash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(16);
}

// ------------------------------------------------------- shared state changes

async function stateOfItem(db: DB, kind: Kind, tenantId: string, id: string) {
  const row = kind === 'news' ? await repo.findNews(db, tenantId, id) : await repo.findNotice(db, tenantId, id);
  if (!row) throw notFound(kind);
  return { state: stateOf(row.status), publishTime: row.publishTime };
}

async function publishNow(s: Scope, actor: StaffActor, kind: Kind, id: string): Promise<void> {
  const tenantId = actor.tenant.id;
  await s.db.transaction().execute(async (trx) => {
    const { state, publishTime } = await stateOfItem(trx, kind, tenantId, id);
    const refusal = mayPublish(state);
    if (refusal) throw refuse(refusal);
    const moved = await repo.moveState(trx, TABLE[kind], tenantId, id, {
      from: [STATUS_OF_STATE[state]],
      status: PUBLICATION.PUBLISHED,
      publishTime: s.now,
      now: s.now,
    });
    if (!moved) throw AppError.conflict(t('adminContent.changedMeanwhile'));
    // Publishing by hand replaces the schedule: its job would find nothing to do, and says so in its state.
    await jobs.cancel(trx, s.now, CONTENT_PUBLISH_JOB, publicationJobKey(kind, id));
    await auditStaffChange(trx, s, actor, ACTIONS[kind].publish, { type: TARGET[kind], id }, { state: [state, 'published'], publishAt: [publishTime, s.now] });
  });
  await pagesChanged(s, tenantId, kind);
}

async function schedule(s: Scope, actor: StaffActor, kind: Kind, id: string, at: number): Promise<void> {
  const tenantId = actor.tenant.id;
  await s.db.transaction().execute(async (trx) => {
    const { state, publishTime } = await stateOfItem(trx, kind, tenantId, id);
    const refusal = mayScheduleAt(state, at, s.now);
    if (refusal) throw refuse(refusal);
    const moved = await repo.moveState(trx, TABLE[kind], tenantId, id, {
      from: [STATUS_OF_STATE[state]],
      status: PUBLICATION.SCHEDULED,
      publishTime: at,
      now: s.now,
    });
    if (!moved) throw AppError.conflict(t('adminContent.changedMeanwhile'));
    // One job per item: scheduling again moves it to the new time.
    await jobs.enqueue(trx, s.now, { tenantId, kind: CONTENT_PUBLISH_JOB, key: publicationJobKey(kind, id), payload: { kind, id, at }, runAt: at });
    await auditStaffChange(trx, s, actor, ACTIONS[kind].schedule, { type: TARGET[kind], id }, { state: [state, 'scheduled'], publishAt: [publishTime, at] });
  });
}

async function unpublish(s: Scope, actor: StaffActor, kind: Kind, id: string): Promise<void> {
  const tenantId = actor.tenant.id;
  const was = await s.db.transaction().execute(async (trx) => {
    const { state } = await stateOfItem(trx, kind, tenantId, id);
    const next = afterUnpublish(state);
    if (next === 'notPublished') throw refuse(next);
    const moved = await repo.moveState(trx, TABLE[kind], tenantId, id, { from: [STATUS_OF_STATE[state]], status: STATUS_OF_STATE[next], now: s.now });
    if (!moved) throw AppError.conflict(t('adminContent.changedMeanwhile'));
    await jobs.cancel(trx, s.now, CONTENT_PUBLISH_JOB, publicationJobKey(kind, id));
    await auditStaffChange(trx, s, actor, ACTIONS[kind].unpublish, { type: TARGET[kind], id }, { state: [state, next] });
    return state;
  });
  if (was === 'published') await pagesChanged(s, tenantId, kind);
}

async function remove(s: Scope, actor: StaffActor, kind: Kind, id: string): Promise<null> {
  const tenantId = actor.tenant.id;
  const was = await s.db.transaction().execute(async (trx) => {
    const row = kind === 'news' ? await repo.findNews(trx, tenantId, id) : await repo.findNotice(trx, tenantId, id);
    if (!row) throw notFound(kind);
    if (!(await repo.deleteArticle(trx, TABLE[kind], tenantId, id))) throw notFound(kind);
    await jobs.cancel(trx, s.now, CONTENT_PUBLISH_JOB, publicationJobKey(kind, id));
    await auditStaffAction(trx, s, actor, ACTIONS[kind].delete, { type: TARGET[kind], id }, { title: row.title, state: stateOf(row.status) }, null);
    return stateOf(row.status);
  });
  if (was === 'published') await pagesChanged(s, tenantId, kind);
  return null;
}

/** The publication changes of one kind, each answering the item as its editor shows it afterwards. */
function publicationOf<T>(kind: Kind, read: (s: Scope, actor: StaffActor, id: string) => Promise<T>) {
  return {
    async publish(s: Scope, actor: StaffActor, id: string): Promise<T> {
      await publishNow(s, actor, kind, id);
      return read(s, actor, id);
    },
    async schedule(s: Scope, actor: StaffActor, id: string, at: number): Promise<T> {
      await schedule(s, actor, kind, id, at);
      return read(s, actor, id);
    },
    async unpublish(s: Scope, actor: StaffActor, id: string): Promise<T> {
      await unpublish(s, actor, kind, id);
      return read(s, actor, id);
    },
    remove: (s: Scope, actor: StaffActor, id: string) => remove(s, actor, kind, id),
  };
}

export const newsPublication = publicationOf('news', getNews);

/** Lifetime of the preview link the editor opens: long enough to read and share with a colleague. */
export const PREVIEW_LINK_LIFETIME_S = 30 * 60;

/** A signed, expiring link that shows the item in its current state exactly as the detail page would. */
export const previewNewsLink = (s: Scope, actor: StaffActor, id: string): Promise<PreviewLink> => previewLink(s, actor, 'news', id);

/** The public page that renders each kind's preview ticket with the kind's own detail view. */
const PREVIEW_PAGE = { news: '/news-information/preview', notice: '/notice/preview' } as const;
const PREVIEW_ACTION = { news: AUDIT_ACTION.newsPreview, notice: AUDIT_ACTION.noticePreview } as const;

async function previewLink(s: Scope, actor: StaffActor, kind: 'news' | 'notice', id: string): Promise<PreviewLink> {
  const secret = s.config.PREVIEW_SECRET;
  if (!secret) throw AppError.conflict(t('adminContent.previewOff'));
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const found = kind === 'news' ? await repo.findNews(trx, tenantId, id) : await repo.findNotice(trx, tenantId, id);
    if (!found) throw notFound(kind);
    const ticket = makePreviewTicket(secret, { tenantId, id, kind, nowMs: s.now, lifetimeS: PREVIEW_LINK_LIFETIME_S });
    const expiresAt = (Math.floor(s.now / 1000) + PREVIEW_LINK_LIFETIME_S) * 1000;
    await auditStaffAction(trx, s, actor, PREVIEW_ACTION[kind], { type: TARGET[kind], id }, null, { expiresAt });
    return { url: `${PREVIEW_PAGE[kind]}?ticket=${encodeURIComponent(ticket)}`, expiresAt };
  });
}

/** The notice's preview link: the notice page's own view with the preview marks. */
export const previewNoticeLink = (s: Scope, actor: StaffActor, id: string): Promise<PreviewLink> => previewLink(s, actor, 'notice', id);

// ---------------------------------------------------------------- notices

function noticeSummary(r: Pick<Notice, 'id' | 'title' | 'status' | 'writerName' | 'publishTime' | 'updatedAt'>): AdminNoticeSummary {
  return { id: r.id, title: r.title, state: stateOf(r.status), writerName: r.writerName, publishAt: r.publishTime, updatedAt: r.updatedAt };
}

export async function pageNotices(
  s: Scope,
  actor: StaffActor,
  q: { current: number; size: number; title?: string | undefined; state?: ArticleState | undefined },
): Promise<Page<AdminNoticeSummary>> {
  const { rows, total } = await repo.pageNotices(s.db, actor.tenant.id, {
    ...windowOf({ current: q.current, size: q.size, order: 'desc' }),
    title: q.title,
    status: q.state ? STATUS_OF_STATE[q.state] : undefined,
  });
  return pageOf(rows.map(noticeSummary), total, q.current, q.size);
}

async function noticeOf(db: DB, tenantId: string, id: string): Promise<AdminNotice> {
  const row = await repo.findNotice(db, tenantId, id);
  if (!row) throw notFound('notice');
  return { ...noticeSummary(row), content: sanitizeRichText(row.content, tenantId) };
}

export const getNotice = (s: Scope, actor: StaffActor, id: string) => noticeOf(s.db, actor.tenant.id, id);

export async function saveNotice(s: Scope, actor: StaffActor, input: NoticeInput): Promise<AdminNotice> {
  const tenantId = actor.tenant.id;
  const fields = { title: input.title, writerName: input.writerName || null, content: sanitizeRichText(input.content, tenantId), updatedAt: s.now };
  const saved = await s.db.transaction().execute(async (trx) => {
    if (!input.id) {
      const id = newId(s.now);
      await repo.insertNotice(trx, { id, tenantId, ...fields, publishTime: s.now, status: PUBLICATION.DRAFT, seq: 0, createdAt: s.now });
      await auditStaffAction(trx, s, actor, ACTIONS.notice.create, { type: TARGET.notice, id }, null, { title: fields.title });
      return { notice: await noticeOf(trx, tenantId, id), wasPublic: false };
    }
    const before = await repo.findNotice(trx, tenantId, input.id);
    if (!before) throw notFound('notice');
    await repo.updateNoticeFields(trx, tenantId, input.id, fields);
    const was = { title: before.title, writerName: before.writerName, content: before.content };
    const now = { title: fields.title, writerName: fields.writerName, content: fields.content };
    await auditStaffAction(trx, s, actor, ACTIONS.notice.update, { type: TARGET.notice, id: input.id }, auditable(was), auditable(now));
    return { notice: await noticeOf(trx, tenantId, input.id), wasPublic: before.status === PUBLICATION.PUBLISHED };
  });
  if (saved.wasPublic) await pagesChanged(s, tenantId, 'notice');
  return saved.notice;
}

export const noticePublication = publicationOf('notice', getNotice);

// ------------------------------------------------------- scheduled publication

/**
 * The content.publish job: publishes the item it names if it is still scheduled for the job's
 * time. A withdrawn, deleted, republished or rescheduled item is left as it is, and running the
 * job twice publishes once (the write is conditional on the scheduled state and time).
 */
export async function runScheduledPublication(s: Scope, payload: Record<string, unknown>, job: Job): Promise<void> {
  const kind = payload['kind'];
  const id = payload['id'];
  const at = payload['at'];
  if ((kind !== 'news' && kind !== 'notice') || typeof id !== 'string' || typeof at !== 'number' || !job.tenantId) {
    throw new Error('malformed content.publish payload');
  }
  const published = await repo.moveState(s.db, TABLE[kind], job.tenantId, id, {
    from: [PUBLICATION.SCHEDULED],
    status: PUBLICATION.PUBLISHED,
    onlyAt: at,
    now: s.now,
  });
  if (published) await pagesChanged(s, job.tenantId, kind);
}

// ---------------------------------------------------------------- categories

export async function listCategories(s: Scope, actor: StaffActor): Promise<AdminCategory[]> {
  return repo.listCategories(s.db, actor.tenant.id);
}

export async function saveCategory(s: Scope, actor: StaffActor, input: { id?: string | undefined; name: string }): Promise<AdminCategory> {
  const tenantId = actor.tenant.id;
  const id = await s.db.transaction().execute(async (trx) => {
    const same = await repo.findCategoryByName(trx, tenantId, input.name);
    if (same && same.id !== input.id) throw AppError.conflict(t('adminContent.categoryNameTaken'));
    if (!input.id) {
      const created = newId(s.now);
      const seq = (await repo.maxCategorySeq(trx, tenantId)) + 1;
      await repo.insertCategory(trx, { id: created, tenantId, name: input.name, seq, createdAt: s.now });
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.categoryCreate, { type: AUDIT_TARGET.newsCategory, id: created }, null, { name: input.name, seq });
      return created;
    }
    const before = await repo.findCategory(trx, tenantId, input.id);
    if (!before) throw AppError.notFound(t('adminContent.categoryNotFound'));
    await repo.renameCategory(trx, tenantId, input.id, input.name);
    await auditStaffChange(trx, s, actor, AUDIT_ACTION.categoryRename, { type: AUDIT_TARGET.newsCategory, id: input.id }, { name: [before.name, input.name] });
    return input.id;
  });
  // Category names are shown beside the news list and on every news item.
  await pagesChanged(s, tenantId, 'news');
  const found = (await listCategories(s, actor)).find((c) => c.id === id);
  if (!found) throw AppError.notFound(t('adminContent.categoryNotFound'));
  return found;
}

/** Sets the order of all the school's categories at once: the list must name each exactly once. */
export async function orderCategories(s: Scope, actor: StaffActor, ids: string[]): Promise<AdminCategory[]> {
  const tenantId = actor.tenant.id;
  await s.db.transaction().execute(async (trx) => {
    await auditedOrder(trx, s, actor, {
      action: AUDIT_ACTION.categoryOrder,
      target: { type: AUDIT_TARGET.newsCategory, id: tenantId },
      current: await repo.listCategories(trx, tenantId),
      ids,
      incomplete: () => AppError.badRequest(t('adminContent.orderIncomplete')),
      setSeq: (id, seq) => repo.setCategorySeq(trx, tenantId, id, seq),
    });
  });
  await pagesChanged(s, tenantId, 'news');
  return listCategories(s, actor);
}

export async function deleteCategory(s: Scope, actor: StaffActor, id: string): Promise<null> {
  const tenantId = actor.tenant.id;
  await s.db.transaction().execute(async (trx) => {
    const before = await repo.findCategory(trx, tenantId, id);
    if (!before) throw AppError.notFound(t('adminContent.categoryNotFound'));
    if (await repo.categoryInUse(trx, tenantId, id)) throw AppError.conflict(t('adminContent.categoryInUse'));
    if (!(await repo.deleteUnusedCategory(trx, tenantId, id))) throw AppError.conflict(t('adminContent.categoryInUse'));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.categoryDelete, { type: AUDIT_TARGET.newsCategory, id }, { name: before.name }, null);
  });
  await pagesChanged(s, tenantId, 'news');
  return null;
}

// ------------------------------------------------------------- the jobs screen

/** The titles of news items or notices (the jobs screen names what a job works on). */
export function publicationTitles(db: DB, tenantId: string, kind: Kind, ids: string[]): Promise<{ id: string; title: string }[]> {
  return repo.titlesOf(db, TABLE[kind], tenantId, ids);
}

/**
 * A content.publish job was cancelled on the jobs screen: the item, if still scheduled for the
 * job's time, goes back to a draft (it would otherwise show as scheduled with nothing to publish it).
 */
export async function unscheduleByJob(db: DB, tenantId: string, payload: Record<string, unknown>, now: number): Promise<void> {
  const { kind, id, at } = payload;
  if ((kind !== 'news' && kind !== 'notice') || typeof id !== 'string' || typeof at !== 'number') return;
  await repo.moveState(db, TABLE[kind], tenantId, id, { from: [PUBLICATION.SCHEDULED], status: PUBLICATION.DRAFT, onlyAt: at, now });
}
