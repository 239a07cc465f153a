import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import { t } from '~/lib/i18n/messages/home';
import type { Banner } from '~/lib/api/contracts/media';

/**
 * The home banner, advancing every 4 s, pausing while hovered; only banners with a picture.
 * Banner pictures are drawn at 1200 x 360 (10:3) with their text inside: the box keeps that ratio
 * up to 360 px high, so a phone or tablet shows the whole picture (contain: a picture of another
 * ratio is letterboxed, never cut); from 1200 px wide the box stays 360 px high and the picture
 * covers it as before.
 */
export default function BannerCarousel({ banners }: { banners: (Banner & { pic: string })[] }) {
  return (
    <Swiper
      modules={[Autoplay, Pagination, A11y]}
      loop={banners.length > 1}
      autoplay={{ delay: 4000, disableOnInteraction: false, pauseOnMouseEnter: true }}
      pagination={{ clickable: true }}
      a11y={{ prevSlideMessage: t('album.previous'), nextSlideMessage: t('album.next'), paginationBulletMessage: t('banner.goTo') }}
      className="banner-carousel aspect-[10/3] max-h-[360px] w-full"
      aria-roledescription="carousel"
    >
      {banners.map((b, i) => {
        const image = <img src={b.pic} alt={b.name} className="h-full w-full object-contain min-[1200px]:object-cover" loading={i === 0 ? 'eager' : 'lazy'} />;
        return (
          <SwiperSlide key={b.id}>
            {b.url ? (
              <a href={b.url} className="block h-full">
                {image}
              </a>
            ) : (
              image
            )}
          </SwiperSlide>
        );
      })}
    </Swiper>
  );
}
