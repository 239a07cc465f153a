import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { send } from '~/lib/api/client';
import { albumCategories, albumMaterials, albumTabs, type AlbumCategory, type AlbumMaterial, type AlbumTab } from '~/lib/api/contracts/media';
import { publicConfig } from '~/lib/config';
import { t } from '~/lib/i18n/messages/home';
import { Modal } from '../shared/Modal';
import { Comments } from './Comments';

/** The video player loads only when a video is opened. */
const VideoPlayer = lazy(() => import('../shared/VideoPlayer'));
/** The carousel and its library (Swiper, with thumbnails) load only when the album is opened: the home page does not carry them. */
const AlbumCarousel = lazy(() => import('./AlbumCarousel'));

/**
 * The album's tabs, categories and the chosen category's materials, read when the album first
 * opens: the first tab that has categories, its first category. `materials` is null while loading.
 */
function useAlbum(open: boolean) {
  const [tabs, setTabs] = useState<AlbumTab[]>([]);
  const [categories, setCategories] = useState<AlbumCategory[]>([]);
  const [tab, setTab] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [materials, setMaterials] = useState<AlbumMaterial[] | null>(null);
  const [index, setIndex] = useState(0);
  /** Tabs and categories have been fetched (maybe empty). */
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!open || loaded) return;
    const tenantId = publicConfig().tenantId ?? '';
    Promise.all([send(albumTabs, { tenantId }), send(albumCategories, { tenantId, clientType: 'PC' })])
      .then(([tabList, categoryList]) => {
        setTabs(tabList);
        setCategories(categoryList);
        const first = tabList.find((tb) => categoryList.some((c) => c.categoryTabKey === tb.key)) ?? tabList[0];
        setTab(first?.key ?? null);
        setLoaded(true);
      })
      .catch(() => setMaterials([]));
  }, [open, loaded]);

  const inTab = useMemo(() => categories.filter((c) => c.categoryTabKey === tab), [categories, tab]);

  useEffect(() => {
    setCategory(inTab[0]?.id ?? null);
  }, [inTab]);

  useEffect(() => {
    if (!tab || !category) {
      if (loaded) setMaterials([]);
      return;
    }
    setMaterials(null);
    setIndex(0);
    send(albumMaterials, { categoryTabKey: tab, materialCategoryId: category, open: 1 })
      .then(setMaterials)
      .catch(() => setMaterials([]));
  }, [tab, category, loaded]);

  return { tabs, tab, setTab, inTab, category, setCategory, materials, index, setIndex };
}

/** The school album: tabs, category chips with counts, a carousel with thumbnails, video and comments dialogs. */
export default function Album({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  const album = useAlbum(open);
  const { tabs, tab, inTab, category, materials } = album;
  const [video, setVideo] = useState<AlbumMaterial | null>(null);
  const [commenting, setCommenting] = useState<AlbumMaterial | null>(null);
  const [commentCount, setCommentCount] = useState<number | null>(null);

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded bg-brand px-4 py-2 text-sm text-white hover:bg-brand-dark">
        {t('home.openAlbum')}
      </button>
      <Modal open={open} title={label} onClose={() => setOpen(false)} width="w-[min(96vw,960px)]">
        <div className="flex flex-col gap-3">
          {tabs.length > 0 && (
            <div role="tablist" aria-label={label} className="flex gap-2 overflow-x-auto">
              {tabs.map((tb) => (
                <button
                  key={tb.key}
                  type="button"
                  role="tab"
                  aria-selected={tab === tb.key}
                  onClick={() => album.setTab(tb.key)}
                  className={[
                    'shrink-0 border-b-2 px-3 py-1.5 text-sm',
                    tab === tb.key ? 'border-brand font-semibold text-brand' : 'border-transparent text-slate-700',
                  ].join(' ')}
                >
                  {tb.name}
                </button>
              ))}
            </div>
          )}
          {inTab.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {inTab.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  aria-pressed={category === c.id}
                  onClick={() => album.setCategory(c.id)}
                  className={`rounded-full px-3 py-1 text-xs ${category === c.id ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700 hover:text-brand'}`}
                >
                  {c.categoryName} · {t('album.pictures', { n: c.picNum })} · {t('album.videos', { n: c.videoNum })}
                </button>
              ))}
            </div>
          )}
          {materials === null ? (
            <p className="py-12 text-center text-sm text-muted">{t('common.loading')}</p>
          ) : materials.length === 0 ? (
            <p className="py-12 text-center text-sm text-muted">{t('album.noMaterials')}</p>
          ) : (
            <Suspense fallback={<p className="py-12 text-center text-sm text-muted">{t('common.loading')}</p>}>
              <AlbumCarousel
                key={category ?? ''}
                materials={materials}
                current={materials[album.index] ?? null}
                onSlide={album.setIndex}
                onVideo={setVideo}
                onComments={(m) => {
                  setCommentCount(null);
                  setCommenting(m);
                }}
              />
            </Suspense>
          )}
        </div>
      </Modal>
      <Modal open={video !== null} title={video?.name ?? ''} onClose={() => setVideo(null)}>
        {video?.video && (
          <Suspense fallback={<p className="py-12 text-center text-sm text-muted">{t('common.loading')}</p>}>
            <VideoPlayer src={video.video} title={video.name} poster={video.pic} autoPlay />
          </Suspense>
        )}
      </Modal>
      <Modal
        open={commenting !== null}
        title={commentCount === null ? t('album.comments') : t('album.commentsTitle', { n: commentCount })}
        onClose={() => setCommenting(null)}
        width="w-[min(92vw,560px)]"
      >
        {commenting && (
          <div>
            <Comments objectId={commenting.id} objectType="UNIVERSITY_PIC" onCount={setCommentCount} />
          </div>
        )}
      </Modal>
    </>
  );
}
