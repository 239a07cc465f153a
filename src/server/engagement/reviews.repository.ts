import type { DB } from '../db/database';
import { pageFrom, type PageWindow } from '../db/paging';
import { PUBLICATION } from '~/lib/status';

/** Review ("comment score") SQL. Every function takes the tenant id first after the connection. */

const { PUBLISHED } = PUBLICATION;

function reviewBase(db: DB, tenantId: string, tagId?: string) {
  let q = db.selectFrom('commentScores as s').where('s.tenantId', '=', tenantId).where('s.status', '=', PUBLISHED);
  if (tagId) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('commentScoreTagLinks as l')
          .select('l.tagId')
          .whereRef('l.commentScoreId', '=', 's.id')
          .where('l.tenantId', '=', tenantId)
          .where('l.tagId', '=', tagId),
      ),
    );
  }
  return q;
}

/** Published reviews: pinned first, then newest first. */
export function pagePublishedReviews(db: DB, tenantId: string, f: PageWindow & { tagId?: string | undefined }) {
  const reviews = reviewBase(db, tenantId, f.tagId);
  return pageFrom(f, reviews.selectAll('s').orderBy('s.top', 'desc').orderBy('s.createdAt', 'desc').orderBy('s.id', 'desc'), reviews);
}

export function findPublishedReview(db: DB, tenantId: string, id: string) {
  return reviewBase(db, tenantId).select(['s.id', 's.thumbsBase']).where('s.id', '=', id).executeTakeFirst();
}

/** Review tags with the number of published reviews carrying each. */
export async function listTagsWithCounts(db: DB, tenantId: string) {
  const rows = await db
    .selectFrom('commentScoreTags as tg')
    .leftJoin('commentScoreTagLinks as l', (j) => j.onRef('l.tagId', '=', 'tg.id').onRef('l.tenantId', '=', 'tg.tenantId'))
    .leftJoin('commentScores as s', (j) => j.onRef('s.id', '=', 'l.commentScoreId').onRef('s.tenantId', '=', 'tg.tenantId').on('s.status', '=', PUBLISHED))
    .select(['tg.id', 'tg.name', 'tg.seq', (eb) => eb.fn.count<number>('s.id').as('n')])
    .where('tg.tenantId', '=', tenantId)
    .groupBy(['tg.id', 'tg.name', 'tg.seq'])
    .orderBy('tg.seq', 'asc')
    .orderBy('tg.id', 'asc')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.n) }));
}
