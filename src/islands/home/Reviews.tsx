import { useCallback, useEffect, useState } from 'react';
import { sendPage } from '~/lib/api/client';
import { reviewPage, type Review } from '~/lib/api/contracts/engagement';
import type { Page } from '~/lib/paging';
import { t } from '~/lib/i18n/messages/home';
import { PagerButtons } from '../shared/PagerButtons';
import { collapsedText } from '~/lib/reviews';
import { toggleLike } from './likes';
import { Avatar } from '../shared/Avatar';

const PAGE_SIZE = 2;

function ReviewItem({ review, onLike }: { review: Review; onLike: (r: Review) => void }) {
  const [expanded, setExpanded] = useState(false);
  const { text, collapsible } = collapsedText(review.commentContent, expanded);
  return (
    <li className="card flex flex-col gap-3 p-4">
      <div className="flex items-center gap-3">
        <Avatar pic={review.commentAuthorPic} name={review.commentAuthorName} look="large" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{review.commentAuthorName}</p>
          <p className="truncate text-xs text-muted">
            {review.product.varietyName && <span className="mr-2">{review.product.varietyName}</span>}
            <time>{review.createdTime.slice(0, 10)}</time>
          </p>
        </div>
      </div>
      <p className="whitespace-pre-line break-words text-sm leading-6 text-slate-800">{text}</p>
      {collapsible && (
        <button type="button" className="self-start text-sm text-brand" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t('home.collapse') : t('home.expand')}
        </button>
      )}
      {review.fileList.length > 0 && (
        <ul className="grid grid-cols-3 gap-2">
          {review.fileList.map((f) => (
            <li key={f.url}>
              {f.type === 'video' ? (
                // biome-ignore lint/a11y/useMediaCaption: a reviewer's uploaded clip comes with no caption file to offer
                <video src={f.url} controls preload="metadata" className="aspect-square w-full rounded bg-black object-cover" />
              ) : (
                <img src={f.url} alt="" loading="lazy" className="aspect-square w-full rounded object-cover" />
              )}
            </li>
          ))}
        </ul>
      )}
      {review.schoolComment && (
        <p className="rounded bg-slate-50 p-2 text-xs text-muted">
          {t('reviews.schoolReply')}
          {review.schoolComment}
        </p>
      )}
      <div className="flex items-center gap-4 text-xs text-muted">
        <span>{t('reviews.views', { n: review.browseCount })}</span>
        <button
          type="button"
          aria-pressed={review.thumbs === 1}
          onClick={() => onLike(review)}
          className={`ml-auto flex items-center gap-1 rounded px-2 py-1 ${review.thumbs === 1 ? 'text-brand' : 'hover:text-brand'}`}
        >
          <span aria-hidden="true">{review.thumbs === 1 ? '♥' : '♡'}</span>
          <span>{review.thumbs === 1 ? t('home.unlike') : t('home.like')}</span>
          <span>{review.thumbsCount}</span>
        </button>
      </div>
    </li>
  );
}

/** Student reviews: 2 per page, top first then newest, long text collapsed, likes toggled. */
export default function Reviews() {
  const [page, setPage] = useState<Page<Review> | null>(null);
  const [current, setCurrent] = useState(1);

  const load = useCallback(async (n: number) => {
    const data = await sendPage(reviewPage, { current: n, size: PAGE_SIZE, model: {} });
    setPage(data);
  }, []);

  useEffect(() => {
    load(current).catch(() => setPage({ records: [], current: 1, pages: 0, size: PAGE_SIZE, total: 0 }));
  }, [current, load]);

  const onLike = async (review: Review) => {
    const result = await toggleLike('REVIEW', review.id, review.thumbs === 1);
    if (!result) return;
    setPage((p) =>
      p ? { ...p, records: p.records.map((r) => (r.id === review.id ? { ...r, thumbs: result.thumbs, thumbsCount: result.thumbsCount } : r)) } : p,
    );
  };

  if (!page) return <p className="py-8 text-center text-sm text-muted">{t('common.loading')}</p>;
  if (page.records.length === 0) return <p className="py-8 text-center text-sm text-muted">{t('reviews.empty')}</p>;
  return (
    <div>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {page.records.map((r) => (
          <ReviewItem key={r.id} review={r} onLike={onLike} />
        ))}
      </ul>
      <PagerButtons label={t('reviews.pagination')} current={current} pages={page.pages} onChange={setCurrent} />
    </div>
  );
}
