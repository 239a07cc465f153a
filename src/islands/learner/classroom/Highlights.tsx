import { useState } from 'react';
import type { Titbit } from '~/lib/api/contracts/classroom-offline';
import { t } from '~/lib/i18n/messages/classroom-offline';
import { Modal } from '~/islands/shared/Modal';
import { Empty } from '../shared/Empty';
import { TitledSection } from '../shared/TitledSection';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

/**
 * 课堂花絮 with its count: a video plays in a dialog (a plain <video controls>), an image opens a
 * preview with zoom and previous / next among the images; none: 学校暂未上传内容.
 */
export function Highlights({ titbits }: { titbits: Titbit[] }) {
  const [video, setVideo] = useState<Titbit | null>(null);
  const images = titbits.filter((x) => x.fileType === 'IMAGE');
  const [imageIndex, setImageIndex] = useState<number | null>(null);

  return (
    <TitledSection
      id="offline-highlights"
      title={t('offline.highlightCount', { n: titbits.length })}
      className="space-y-3"
      headingClass="text-lg font-semibold text-ink"
    >
      {titbits.length === 0 ? (
        <Empty text={t('offline.noHighlights')} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {titbits.map((x) => (
            <li key={x.id} className="min-w-0">
              <button
                type="button"
                onClick={() => (x.fileType === 'VIDEO' ? setVideo(x) : setImageIndex(images.indexOf(x)))}
                aria-label={x.fileType === 'VIDEO' ? t('offline.playVideo', { name: x.titbitName }) : t('offline.viewImage', { name: x.titbitName })}
                className={[
                  'group block w-full overflow-hidden rounded-lg border border-slate-200 text-left hover:border-brand',
                  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand',
                ].join(' ')}
              >
                <span className="relative block aspect-video bg-slate-900">
                  {(x.fileType === 'IMAGE' || x.cover) && (
                    <img src={x.fileType === 'IMAGE' ? x.url : x.cover!} alt="" loading="lazy" className="h-full w-full object-cover" />
                  )}
                  {x.fileType === 'VIDEO' && (
                    <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
                      <span className="flex h-10 w-10 items-center justify-center rounded-full bg-black/60 text-lg text-white group-hover:bg-brand">▶</span>
                    </span>
                  )}
                </span>
                <span className="block truncate px-2 py-1.5 text-sm text-ink">{x.titbitName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal open={video !== null} title={video?.titbitName ?? ''} onClose={() => setVideo(null)}>
        {video && (
          <div className="bg-black">
            {/* biome-ignore lint/a11y/useMediaCaption: a school's highlight clip comes with no caption file to offer */}
            <video controls autoPlay playsInline src={video.url} poster={video.cover ?? undefined} className="mx-auto max-h-[70vh] w-full">
              {t('offline.noVideo')}
            </video>
          </div>
        )}
      </Modal>
      {imageIndex !== null && images[imageIndex] && (
        <ImagePreview images={images} index={imageIndex} onIndex={setImageIndex} onClose={() => setImageIndex(null)} />
      )}
    </TitledSection>
  );
}

function ImagePreview({ images, index, onIndex, onClose }: { images: Titbit[]; index: number; onIndex: (i: number) => void; onClose: () => void }) {
  const [zoom, setZoom] = useState(2);
  const image = images[index]!;
  const go = (i: number) => {
    onIndex(i);
    setZoom(2);
  };
  const button = 'rounded-lg border border-slate-300 px-3 py-1 text-sm hover:border-brand hover:text-brand disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <Modal open title={t('offline.imageTitle', { name: image.titbitName })} onClose={onClose} width="w-[min(96vw,960px)]">
      <div className="flex flex-wrap items-center justify-center gap-2 border-b border-slate-100 px-3 py-2">
        <button type="button" className={button} onClick={() => go(index - 1)} disabled={index === 0}>
          {t('offline.previous')}
        </button>
        <span className="text-sm text-slate-600" aria-live="polite">
          {t('offline.position', { index: index + 1, total: images.length })}
        </span>
        <button type="button" className={button} onClick={() => go(index + 1)} disabled={index === images.length - 1}>
          {t('offline.next')}
        </button>
        <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
        <button type="button" className={button} onClick={() => setZoom((z) => z - 1)} disabled={zoom === 0}>
          {t('offline.zoomOut')}
        </button>
        <span className="text-sm text-slate-600" aria-live="polite">
          {t('offline.zoomLevel', { percent: Math.round(ZOOMS[zoom]! * 100) })}
        </span>
        <button type="button" className={button} onClick={() => setZoom((z) => z + 1)} disabled={zoom === ZOOMS.length - 1}>
          {t('offline.zoomIn')}
        </button>
        <button type="button" className={button} onClick={() => setZoom(2)} disabled={zoom === 2}>
          {t('offline.zoomReset')}
        </button>
      </div>
      <div className="flex h-[60vh] items-center justify-center overflow-auto bg-slate-900">
        <img
          src={image.url}
          alt={image.titbitName}
          style={{ transform: `scale(${ZOOMS[zoom]})` }}
          className="max-h-full max-w-full origin-center object-contain transition-transform"
        />
      </div>
    </Modal>
  );
}
