import type { DB } from '~/server/db/database';
import { newId } from '~/server/ids';
import { bindUserToTenant, findOrCreateUser } from '~/server/identity/identity.service';
import { authorNameOf } from '~/server/engagement/engagement.rules';
import type { CommentObjectType } from '~/server/engagement/engagement.table';
import { HOUR, type SeedTenant } from './demo-data';
import { ENGAGEMENT_SEEDS, type SeedComment } from './engagement-data';
import type { FeatureSeeder } from './seeder';

/** Banners, album, video feeds, comments, likes and reviews of one tenant (engagement-data.ts). */
export const seedEngagement: FeatureSeeder = async (db: DB, tenant: SeedTenant, now: number) => {
  const data = ENGAGEMENT_SEEDS[tenant.id];
  if (!data) return;
  const tenantId = tenant.id;

  if (data.banners.length) {
    await db
      .insertInto('materialPosters')
      .values(
        data.banners.map((b, i) => ({
          id: newId(now),
          tenantId,
          name: b.name,
          pic: b.pic,
          url: b.url,
          seq: i + 1,
          enabled: b.enabled === false ? 0 : 1,
          createdAt: now - 30 * 24 * HOUR,
        })),
      )
      .execute();
  }

  if (data.tabs.length) {
    await db
      .insertInto('materialCategoryTabs')
      .values(data.tabs.map((tab, i) => ({ id: newId(now), tenantId, tabKey: tab.key, name: tab.name, seq: i + 1 })))
      .execute();
  }

  const materialIds = new Map<string, string>();
  for (const [i, category] of data.categories.entries()) {
    const categoryId = newId(now);
    await db
      .insertInto('materialCategories')
      .values({
        id: categoryId,
        tenantId,
        categoryName: category.name,
        categoryTabKey: category.tabKey,
        clientType: category.clientType ?? null,
        seq: i + 1,
        state: 1,
        createdAt: now - 60 * 24 * HOUR,
      })
      .execute();
    const rows = category.materials.map((m, j) => {
      const id = newId(now);
      materialIds.set(m.name, id);
      return {
        id,
        tenantId,
        categoryId,
        name: m.name,
        type: m.type,
        pic: m.pic,
        video: m.video ?? null,
        introduce: m.introduce,
        open: m.open === false ? 0 : 1,
        seq: j + 1,
        createdAt: now - (60 - j) * 24 * HOUR,
      };
    });
    if (rows.length) await db.insertInto('materials').values(rows).execute();
  }

  const tagIds = new Map<string, string>();
  if (data.feedTags.length) {
    await db
      .insertInto('contentOperationTags')
      .values(
        data.feedTags.map((tag, i) => {
          const id = newId(now);
          tagIds.set(`${tag.type}:${tag.name}`, id);
          return { id, tenantId, type: tag.type, name: tag.name, seq: i + 1 };
        }),
      )
      .execute();
  }

  const feedIds = new Map<string, { id: string; type: CommentObjectType }>();
  if (data.feeds.length) {
    await db
      .insertInto('contentOperations')
      .values(
        data.feeds.map((f, i) => {
          const id = newId(now);
          feedIds.set(f.title, { id, type: f.type });
          const createdAt = now - (100 - i) * 24 * HOUR;
          return {
            id,
            tenantId,
            type: f.type,
            tagId: tagIds.get(`${f.type}:${f.tag}`) ?? null,
            title: f.title,
            description: f.description,
            pic: f.pic,
            contentUrl: '/media/open-day.mp4',
            content: f.content,
            author: f.author,
            authorAvatar: f.authorAvatar,
            // Feed order: the order of the seed list within each type.
            sort: (i + 1) * 10,
            status: f.status ?? 1,
            likeBase: f.likeBase,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .execute();
  }

  const insertThread = async (
    object: { type: CommentObjectType; id: string },
    c: SeedComment,
    parent: { id: string; authorName: string; topId: string | null } | null,
  ): Promise<void> => {
    let authorId: string | null = null;
    let authorName = c.author.name;
    let authorPic = c.author.pic;
    if (c.author.role === 'USER' && c.author.mobile) {
      const user = await findOrCreateUser(db, c.author.mobile, now, c.author.name);
      await bindUserToTenant(db, tenantId, user.id, now);
      authorId = user.id;
      authorName = authorNameOf(user);
      authorPic = user.avatar ?? c.author.pic;
    }
    const id = newId(now);
    await db
      .insertInto('comments')
      .values({
        id,
        tenantId,
        objectType: object.type,
        objectId: object.id,
        authorId,
        authorName,
        authorPic,
        authorRole: c.author.role,
        content: c.content,
        parentId: parent?.id ?? null,
        parentAuthorName: parent?.authorName ?? null,
        topId: parent ? (parent.topId ?? parent.id) : null,
        createdAt: now - c.ageHours * HOUR,
      })
      .execute();
    for (const r of c.replies ?? []) await insertThread(object, r, { id, authorName, topId: parent ? (parent.topId ?? parent.id) : null });
  };

  for (const group of data.comments) {
    const object =
      'material' in group.on
        ? { type: 'UNIVERSITY_PIC' as const, id: materialIds.get(group.on.material) }
        : { type: feedIds.get(group.on.feed)?.type, id: feedIds.get(group.on.feed)?.id };
    if (!object.id || !object.type) throw new Error(`engagement seed: no object for ${JSON.stringify(group.on)}`);
    for (const c of group.comments) await insertThread({ type: object.type, id: object.id }, c, null);
  }

  const reviewTagIds = new Map<string, string>();
  if (data.reviewTags.length) {
    await db
      .insertInto('commentScoreTags')
      .values(
        data.reviewTags.map((name, i) => {
          const id = newId(now);
          reviewTagIds.set(name, id);
          return { id, tenantId, name, seq: i + 1 };
        }),
      )
      .execute();
  }
  for (const r of data.reviews) {
    const id = newId(now);
    await db
      .insertInto('commentScores')
      .values({
        id,
        tenantId,
        commentContent: r.content,
        authorName: r.author,
        authorPic: r.authorPic,
        varietyName: r.variety,
        files: JSON.stringify(r.files),
        browseCount: r.browseCount,
        thumbsBase: r.thumbsBase,
        schoolComment: r.schoolComment,
        score: r.score,
        top: r.top ? 1 : 0,
        status: r.status ?? 1,
        createdAt: now - r.ageHours * HOUR,
      })
      .execute();
    const links = r.tags.map((name) => reviewTagIds.get(name)).filter((tagId): tagId is string => !!tagId);
    if (links.length) {
      await db
        .insertInto('commentScoreTagLinks')
        .values(links.map((tagId) => ({ tenantId, commentScoreId: id, tagId })))
        .execute();
    }
  }
};
