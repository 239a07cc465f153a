import type { DB } from '~/server/db/database';
import { HOUR, DAY } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import { bindUserToTenant, findOrCreateUser } from '~/server/identity/identity.service';
import { authorNameOf } from '~/server/engagement/engagement.rules';
import type { CommentObjectType } from '~/server/engagement/engagement.table';
import type { SeedTenant } from './demo-data';
import { DEMO_VIDEO, ENGAGEMENT_SEEDS, type EngagementSeed, type SeedComment } from './engagement-data';
import { insertRows, type FeatureSeeder } from './seeder';

/** How long ago the banners were made, and the picture categories (each picture a day later than the one before). */
const BANNERS_AGE_DAYS = 30;
const CATEGORIES_AGE_DAYS = 60;
/** The first feed of the list is this many days old, each next one a day younger. */
const FEEDS_AGE_DAYS = 100;
/** Feeds are ordered by `sort` in steps of this, in the order of the seed list within each type. */
const FEED_SORT_STEP = 10;
const SHOWN = 1;

/** Rows of one school's seeding: its id and the moment of seeding. */
interface Seeding {
  db: DB;
  tenantId: string;
  now: number;
}

/** The objects comments are made on, by the seed's names for them. */
interface Commentable {
  materials: Map<string, string>;
  feeds: Map<string, { id: string; type: CommentObjectType }>;
}

async function seedBanners({ db, tenantId, now }: Seeding, data: EngagementSeed) {
  const createdAt = now - BANNERS_AGE_DAYS * DAY;
  await insertRows(
    db,
    'materialPosters',
    data.banners.map((b, i) => ({
      id: newId(now),
      tenantId,
      name: b.name,
      pic: b.pic,
      url: b.url,
      seq: i + 1,
      enabled: b.enabled === false ? 0 : 1,
      createdAt,
    })),
  );
  await insertRows(
    db,
    'materialCategoryTabs',
    data.tabs.map((tab, i) => ({ id: newId(now), tenantId, tabKey: tab.key, name: tab.name, seq: i + 1 })),
  );
}

/** The album's categories and pictures; answers the pictures' ids by name. */
async function seedMaterials({ db, tenantId, now }: Seeding, data: EngagementSeed): Promise<Map<string, string>> {
  const materialIds = new Map<string, string>();
  for (const [i, category] of data.categories.entries()) {
    const categoryId = newId(now);
    await insertRows(db, 'materialCategories', [
      {
        id: categoryId,
        tenantId,
        categoryName: category.name,
        categoryTabKey: category.tabKey,
        clientType: category.clientType ?? null,
        seq: i + 1,
        state: SHOWN,
        createdAt: now - CATEGORIES_AGE_DAYS * DAY,
      },
    ]);
    const rows = category.materials.map((m, j) => {
      const id = newId(now);
      materialIds.set(m.name, id);
      const { name, type, pic, introduce } = m;
      const createdAt = now - (CATEGORIES_AGE_DAYS - j) * DAY;
      return { id, tenantId, categoryId, name, type, pic, video: m.video ?? null, introduce, open: m.open === false ? 0 : 1, seq: j + 1, createdAt };
    });
    await insertRows(db, 'materials', rows);
  }
  return materialIds;
}

/** The video feeds and their tags; answers the feeds by title. */
async function seedFeeds({ db, tenantId, now }: Seeding, data: EngagementSeed): Promise<Commentable['feeds']> {
  const tagIds = new Map<string, string>();
  const tags = data.feedTags.map((tag, i) => {
    const id = newId(now);
    tagIds.set(`${tag.type}:${tag.name}`, id);
    return { id, tenantId, type: tag.type, name: tag.name, seq: i + 1 };
  });
  await insertRows(db, 'contentOperationTags', tags);
  const feedIds: Commentable['feeds'] = new Map();
  const feeds = data.feeds.map((f, i) => {
    const id = newId(now);
    feedIds.set(f.title, { id, type: f.type });
    const createdAt = now - (FEEDS_AGE_DAYS - i) * DAY;
    const { type, title, description, pic, content, author, authorAvatar, likeBase } = f;
    const tagId = tagIds.get(`${f.type}:${f.tag}`) ?? null;
    const sort = (i + 1) * FEED_SORT_STEP;
    return {
      id,
      tenantId,
      type,
      tagId,
      title,
      description,
      pic,
      contentUrl: DEMO_VIDEO,
      content,
      author,
      authorAvatar,
      sort,
      status: f.status ?? SHOWN,
      likeBase,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertRows(db, 'contentOperations', feeds);
  return feedIds;
}

/** The author a seeded comment shows: a learner's comment is a real user of the school (made when missing). */
async function authorOf({ db, tenantId, now }: Seeding, c: SeedComment) {
  if (c.author.role !== 'USER' || !c.author.mobile) return { authorId: null, authorName: c.author.name, authorPic: c.author.pic };
  const user = await findOrCreateUser(db, c.author.mobile, now, c.author.name);
  await bindUserToTenant(db, tenantId, user.id, now);
  return { authorId: user.id, authorName: authorNameOf(user), authorPic: user.avatar ?? c.author.pic };
}

/** A comment and its replies, each reply under the thread's first comment. */
async function insertThread(
  seeding: Seeding,
  object: { type: CommentObjectType; id: string },
  c: SeedComment,
  parent: { id: string; authorName: string; topId: string | null } | null,
): Promise<void> {
  const author = await authorOf(seeding, c);
  const id = newId(seeding.now);
  const topId = parent ? (parent.topId ?? parent.id) : null;
  await insertRows(seeding.db, 'comments', [
    {
      id,
      tenantId: seeding.tenantId,
      objectType: object.type,
      objectId: object.id,
      ...author,
      authorRole: c.author.role,
      content: c.content,
      parentId: parent?.id ?? null,
      parentAuthorName: parent?.authorName ?? null,
      topId,
      createdAt: seeding.now - c.ageHours * HOUR,
    },
  ]);
  for (const r of c.replies ?? []) await insertThread(seeding, object, r, { id, authorName: author.authorName, topId });
}

async function seedComments(seeding: Seeding, data: EngagementSeed, on: Commentable) {
  for (const group of data.comments) {
    const feed = 'feed' in group.on ? on.feeds.get(group.on.feed) : undefined;
    const object = 'material' in group.on ? { type: 'UNIVERSITY_PIC' as const, id: on.materials.get(group.on.material) } : { type: feed?.type, id: feed?.id };
    if (!object.id || !object.type) throw new Error(`engagement seed: no object for ${JSON.stringify(group.on)}`);
    for (const c of group.comments) await insertThread(seeding, { type: object.type, id: object.id }, c, null);
  }
}

async function seedReviews({ db, tenantId, now }: Seeding, data: EngagementSeed) {
  const reviewTagIds = new Map<string, string>();
  const tags = data.reviewTags.map((name, i) => {
    const id = newId(now);
    reviewTagIds.set(name, id);
    return { id, tenantId, name, seq: i + 1 };
  });
  await insertRows(db, 'commentScoreTags', tags);
  for (const r of data.reviews) {
    const id = newId(now);
    const { browseCount, thumbsBase, schoolComment, score } = r;
    await insertRows(db, 'commentScores', [
      {
        id,
        tenantId,
        commentContent: r.content,
        authorName: r.author,
        authorPic: r.authorPic,
        varietyName: r.variety,
        files: JSON.stringify(r.files),
        browseCount,
        thumbsBase,
        schoolComment,
        score,
        top: r.top ? 1 : 0,
        status: r.status ?? SHOWN,
        createdAt: now - r.ageHours * HOUR,
      },
    ]);
    const links = r.tags.map((name) => reviewTagIds.get(name)).filter((tagId): tagId is string => !!tagId);
    await insertRows(
      db,
      'commentScoreTagLinks',
      links.map((tagId) => ({ tenantId, commentScoreId: id, tagId })),
    );
  }
}

/** Banners, album, video feeds, comments, likes and reviews of one tenant (engagement-data.ts). */
export const seedEngagement: FeatureSeeder = async (db: DB, tenant: SeedTenant, now: number) => {
  const data = ENGAGEMENT_SEEDS[tenant.id];
  if (!data) return;
  const seeding: Seeding = { db, tenantId: tenant.id, now };
  await seedBanners(seeding, data);
  const materials = await seedMaterials(seeding, data);
  const feeds = await seedFeeds(seeding, data);
  await seedComments(seeding, data, { materials, feeds });
  await seedReviews(seeding, data);
};
