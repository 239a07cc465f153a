import { useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Navigation, Thumbs } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import swiperCss from 'swiper/css?inline';
import navigationCss from 'swiper/css/navigation?inline';
import thumbsCss from 'swiper/css/thumbs?inline';
import type { AlbumMaterial } from '~/lib/api/contracts/media';
import { t } from '~/lib/i18n/messages/home';
import { addStyles } from '../shared/lazy-styles';

addStyles('album-carousel', swiperCss, navigationCss, thumbsCss);

interface CarouselProps {
  materials: AlbumMaterial[];
  current: AlbumMaterial | null;
  onSlide: (index: number) => void;
  onVideo: (material: AlbumMaterial) => void;
  onComments: (material: AlbumMaterial) => void;
}

/** One category's materials: the carousel (a video plays in its dialog), the thumbnails under it, the shown one's name and 评论. */
export default function AlbumCarousel({ materials, current, onSlide, onVideo, onComments }: CarouselProps) {
  const [thumbs, setThumbs] = useState<SwiperInstance | null>(null);
  return (
    <>
      <Swiper
        modules={[Navigation, Thumbs, A11y]}
        navigation
        thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
        onSlideChange={(s) => onSlide(s.activeIndex)}
        a11y={{ prevSlideMessage: t('album.previous'), nextSlideMessage: t('album.next') }}
        className="h-[50vh] max-h-[440px] w-full rounded bg-slate-900"
      >
        {materials.map((m) => (
          <SwiperSlide key={m.id} className="flex items-center justify-center">
            {m.type === 'VIDEO' ? (
              <button type="button" onClick={() => onVideo(m)} className="relative h-full w-full" aria-label={t('feeds.play', { title: m.name })}>
                {m.pic && <img src={m.pic} alt="" className="h-full w-full object-contain" />}
                <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-5xl text-white drop-shadow">
                  ▶
                </span>
              </button>
            ) : (
              m.pic && <img src={m.pic} alt={m.name} className="h-full w-full object-contain" />
            )}
          </SwiperSlide>
        ))}
      </Swiper>
      <Swiper
        modules={[Thumbs]}
        onSwiper={setThumbs}
        watchSlidesProgress
        slidesPerView="auto"
        spaceBetween={8}
        className="w-full"
        role="group"
        aria-label={t('album.thumbnails')}
      >
        {materials.map((m) => (
          <SwiperSlide
            key={m.id}
            className={[
              '!h-14 !w-20 cursor-pointer overflow-hidden rounded opacity-70',
              '[&.swiper-slide-thumb-active]:opacity-100 [&.swiper-slide-thumb-active]:ring-2 [&.swiper-slide-thumb-active]:ring-brand',
            ].join(' ')}
          >
            {m.pic && <img src={m.pic} alt="" className="h-full w-full object-cover" />}
          </SwiperSlide>
        ))}
      </Swiper>
      {current && (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold">{current.name}</p>
            {current.introduce && <p className="mt-1 text-sm text-muted">{current.introduce}</p>}
          </div>
          <button type="button" onClick={() => onComments(current)} className="shrink-0 rounded border border-brand px-3 py-1 text-sm text-brand">
            {t('album.comments')}
          </button>
        </div>
      )}
    </>
  );
}
