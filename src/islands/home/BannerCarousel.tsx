import { useEffect, useRef, useState } from 'react';
import { t } from '~/lib/i18n/messages/home';
import type { Banner } from '~/lib/api/contracts/media';

/** How long a banner shows before the next one. */
const ADVANCE_MS = 4000;
/** How much of a banner must be in view to count as the one shown (a swipe stops between two). */
const SHOWN_RATIO = 0.6;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The home banner: the banners with a picture side by side in a row that snaps one to the view (the
 * browser's own scroll snapping: a swipe or a trackpad moves it, nothing is drawn by script), advancing
 * every 4 s and back to the first after the last, held while hovered or focused and never moving by
 * itself for people who ask for reduced motion; a dot per banner goes to it. The server renders the
 * first banner in place, so it shows before this code runs.
 *
 * Banner pictures are drawn at 1200 x 360 (10:3) with their text inside: the box keeps that ratio up to
 * 360 px high, so a phone or tablet shows the whole picture (contain: a picture of another ratio is
 * letterboxed, never cut); from 1200 px wide the box stays 360 px high and the picture covers it.
 */
export default function BannerCarousel({ banners }: { banners: (Banner & { pic: string })[] }) {
  const row = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);
  const count = banners.length;

  // The banner shown is the one mostly in view, whoever moved the row (the timer, a dot, a swipe).
  useEffect(() => {
    const list = row.current;
    if (!list || count < 2) return;
    const seen = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setCurrent(Number((e.target as HTMLElement).dataset['index']));
      },
      { root: list, threshold: SHOWN_RATIO },
    );
    for (const slide of Array.from(list.children)) seen.observe(slide);
    return () => seen.disconnect();
  }, [count]);

  const go = (index: number) => {
    const list = row.current;
    if (!list) return;
    const next = (index + count) % count;
    setCurrent(next);
    list.scrollTo({ left: next * list.clientWidth, behavior: matchMedia(REDUCED_MOTION).matches ? 'auto' : 'smooth' });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `go` reads the row at the time; the banner shown (current) starts the next wait.
  useEffect(() => {
    if (count < 2 || held || matchMedia(REDUCED_MOTION).matches) return;
    const timer = setTimeout(() => go(current + 1), ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [count, held, current]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel (the APG pattern's group), not a set of form fields (fieldset)
    <div
      className="relative aspect-[10/3] max-h-[360px] w-full"
      role="group"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div ref={row} className="flex h-full w-full snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {banners.map((b, i) => {
          const image = (
            // The first banner is the largest thing in view on a phone: fetched at once and before the page's other pictures.
            <img
              src={b.pic}
              alt={b.name}
              className="h-full w-full object-contain min-[1200px]:object-cover"
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
            />
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: a carousel's slide (the APG pattern's group), not a set of form fields (fieldset)
            <div
              key={b.id}
              data-index={i}
              data-active={i === current}
              role="group"
              aria-roledescription="slide"
              aria-label={t('banner.slide', { n: i + 1, total: count })}
              className="h-full w-full shrink-0 snap-start"
            >
              {b.url ? (
                <a href={b.url} className="block h-full" tabIndex={i === current ? 0 : -1}>
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              aria-label={t('banner.goTo', { n: i + 1 })}
              aria-current={i === current}
              onClick={() => go(i)}
              className="group flex h-6 min-w-6 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${i === current ? 'w-6 bg-white' : 'w-2.5 bg-white/60 group-hover:bg-white/80'}`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
