import type { DB } from '~/server/db/database';
import { HOUR, DAY } from '~/lib/time/cst';
import { newId } from '~/server/ids';

import type { FeatureSeeder } from './seeder';

/**
 * News categories, hot majors, news (with their category links) and notices: the content
 * domain's tables, from the tenant's demo-data.ts entry.
 */
export const seedContent: FeatureSeeder = async (db: DB, t, now) => {
  const categoryIds = t.categories.map(() => newId(now));
  if (categoryIds.length) {
    await db
      .insertInto('newsCategories')
      .values(t.categories.map((name, i) => ({ id: categoryIds[i]!, tenantId: t.id, name, seq: i + 1, createdAt: now - 300 * DAY })))
      .execute();
  }

  if (t.hotMajors.length) {
    await db
      .insertInto('hotMajors')
      .values(
        t.hotMajors.map((m, i) => ({
          id: newId(now),
          tenantId: t.id,
          name: m.name,
          seq: i + 1,
          pic: `/images/major-${(i % 4) + 1}.svg`,
          industrySalary: m.salary,
          employmentProspectDescribe: m.prospect,
          suitabilityPeopleDescribe: m.people,
          relatedCertificate: JSON.stringify(m.certificates),
          state: 1,
          createdAt: now - 200 * DAY,
        })),
      )
      .execute();
  }

  for (const [i, n] of t.news.entries()) {
    const id = newId(now);
    const publishTime = now - n.ageHours * HOUR;
    await db
      .insertInto('news')
      .values({
        id,
        tenantId: t.id,
        title: n.title,
        cover: n.cover ?? null,
        introduction: n.introduction,
        content: n.video ?? n.body,
        contentType: n.video ? 'INFORMATION' : 'ARTICLE',
        sources: n.sources,
        publishTime,
        status: n.status ?? 1,
        seq: i + 1,
        browseCount: 100 + ((i * 137) % 900),
        createdAt: publishTime,
        updatedAt: publishTime,
      })
      .execute();
    const links = n.categories.map((c) => categoryIds[c]).filter((c): c is string => !!c);
    if (links.length) {
      await db
        .insertInto('newsCategoryLinks')
        .values(links.map((categorizeId) => ({ tenantId: t.id, newsId: id, categorizeId })))
        .execute();
    }
  }

  if (t.notices.length) {
    await db
      .insertInto('notices')
      .values(
        t.notices.map((n, i) => {
          const publishTime = now - n.ageHours * HOUR;
          return {
            id: newId(now),
            tenantId: t.id,
            title: n.title,
            content: n.body,
            writerName: n.writer,
            publishTime,
            status: n.status ?? 1,
            seq: i + 1,
            createdAt: publishTime - HOUR,
            updatedAt: publishTime,
          };
        }),
      )
      .execute();
  }
};
