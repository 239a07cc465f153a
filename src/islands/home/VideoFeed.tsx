import { lazy, Suspense, useEffect, useState } from 'react';
import { send, sendPage } from '~/lib/api/client';
import { feedPage, feedTags, type FeedItem, type FeedTag, type FeedType } from '~/lib/api/contracts/media';
import type { Page } from '~/lib/paging';
import { t } from '~/lib/i18n/messages/home';
import { PagerButtons } from '../shared/PagerButtons';
import { Modal } from '../shared/Modal';
import { toggleLike } from './likes';

/** The video player loads only when a video is opened. */
const VideoPlayer = lazy(() => import('../shared/VideoPlayer'));

const PAGE_SIZE = 8;

/** One home video feed (大家说 or 瞬间): tags, 8 per page with a pager above 8, a video dialog. */
export default function VideoFeed({ type, title }: { type: FeedType; title: string }) {
  const [tags, setTags] = useState<FeedTag[]>([]);
  const [tagId, setTagId] = useState<string | null>(null);
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<Page<FeedItem> | null>(null);
  const [playing, setPlaying] = useState<FeedItem | null>(null);

  useEffect(() => {
    send(feedTags, { type }, { silent: true })
      .then((list) => setTags(Array.isArray(list) ? list : []))
      .catch(() => setTags([]));
  }, [type]);

  useEffect(() => {
    sendPage(feedPage, {
      current,
      size: PAGE_SIZE,
      model: tagId ? { type, tagId } : { type },
      order: 'ascending',
      sort: 'sort',
    })
      .then(setPage)
      .catch(() => setPage({ records: [], current: 1, pages: 0, size: PAGE_SIZE, total: 0 }));
  }, [type, tagId, current]);

  const like = async (item: FeedItem) => {
    const result = await toggleLike(type, item.id, item.likeStatus === 1);
    if (!result) return;
    const update = (i: FeedItem) => (i.id === item.id ? { ...i, likeStatus: result.thumbs, likeNum: result.thumbsCount } : i);
    setPage((p) => (p ? { ...p, records: p.records.map(update) } : p));
    setPlaying((p) => (p ? update(p) : p));
  };

  /** A tag (null: all) lists its feed from the first page. */
  const choose = (id: string | null) => {
    setTagId(id);
    setCurrent(1);
  };

  const chip = (active: boolean) =>
    `rounded-full px-3 py-1 text-sm ${active ? 'bg-brand text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:text-brand'}`;

  return (
    <div>
      {tags.length > 0 && (
        <div className="mb-3 flex gap-2 overflow-x-auto pb-1">
          <button type="button" className={chip(tagId === null)} aria-pressed={tagId === null} onClick={() => choose(null)}>
            {t('feeds.all')}
          </button>
          {tags.map((tag) => (
            <button key={tag.id} type="button" className={chip(tagId === tag.id)} aria-pressed={tagId === tag.id} onClick={() => choose(tag.id)}>
              {tag.name}
            </button>
          ))}
        </div>
      )}
      {!page ? (
        <p className="py-8 text-center text-sm text-muted">{t('common.loading')}</p>
      ) : page.records.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">{t('common.noData')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {page.records.map((item) => (
            <li key={item.id} className="card overflow-hidden">
              <button type="button" className="group block w-full text-left" onClick={() => setPlaying(item)}>
                <span className="sr-only">{t('feeds.playPrefix')}</span>
                <span className="relative block aspect-[4/5] bg-slate-200">
                  {item.pic && <img src={item.pic} alt="" loading="lazy" className="h-full w-full object-cover" />}
                  <span
                    aria-hidden="true"
                    className="absolute inset-0 flex items-center justify-center text-3xl text-white/90 drop-shadow group-hover:text-white"
                  >
                    ▶
                  </span>
                </span>
                <span className="block p-2">
                  <span className="line-clamp-2 text-sm font-medium text-ink">{item.title}</span>
                  <span className="mt-1 flex items-center gap-1 text-xs text-muted">
                    {item.authorAvatar && <img src={item.authorAvatar} alt="" width={16} height={16} className="h-4 w-4 rounded-full" />}
                    <span className="truncate">{item.author}</span>
                    <span className="ml-auto shrink-0">{t('feeds.likes', { n: item.likeNum })}</span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {page && <PagerButtons label={t('feeds.pagination', { name: title })} current={current} pages={page.pages} onChange={setCurrent} />}
      <Modal open={playing !== null} title={playing?.title ?? title} onClose={() => setPlaying(null)}>
        {playing && (
          <div className="flex flex-col gap-3">
            {playing.contentUrl ? (
              <Suspense fallback={<p className="py-12 text-center text-sm text-muted">{t('common.loading')}</p>}>
                <VideoPlayer src={playing.contentUrl} title={playing.title} poster={playing.pic} autoPlay />
              </Suspense>
            ) : (
              <p className="py-8 text-center text-sm text-muted">{t('common.noData')}</p>
            )}
            {playing.description && <p className="text-sm text-slate-700">{playing.description}</p>}
            <button
              type="button"
              aria-pressed={playing.likeStatus === 1}
              onClick={() => like(playing)}
              className={`self-end rounded px-3 py-1 text-sm ring-1 ring-slate-200 ${playing.likeStatus === 1 ? 'text-brand' : ''}`}
            >
              {playing.likeStatus === 1 ? '♥ ' : '♡ '}
              {playing.likeStatus === 1 ? t('home.unlike') : t('home.like')} {playing.likeNum}
            </button>
          </div>
        )}
      </Modal>
    </div>
  );
}
