import { useEffect, useRef } from 'react';
import { MediaPlayer, MediaProvider } from '@vidstack/react';
import { DefaultVideoLayout, defaultLayoutIcons, type DefaultLayoutTranslations } from '@vidstack/react/player/layouts/default';
import theme from '@vidstack/react/player/styles/default/theme.css?inline';
import videoLayout from '@vidstack/react/player/styles/default/layouts/video.css?inline';
import { t } from '~/lib/i18n/messages/player';
import { addStyles } from './lazy-styles';
import { chineseSpokenText, PLAYER_TRANSLATIONS, type PlayerWord } from './player-words';

addStyles('video-player', theme, videoLayout);

/**
 * Every word of the layout's list must have its Chinese in the catalogue (player.<word>): a word
 * vidstack adds in an update makes this line fail to compile instead of showing up in English.
 */
const translations: DefaultLayoutTranslations & Record<PlayerWord, string> = PLAYER_TRANSLATIONS;

/** The attributes where vidstack puts text it always says in English (spoken times). */
const SPOKEN_ATTRIBUTES = ['aria-valuetext', 'aria-label'];

/** Says vidstack's English spoken times in Chinese wherever it sets them inside `root`, now and later. */
function speakChinese(root: HTMLElement): () => void {
  const fix = (el: Element, name: string) => {
    const value = el.getAttribute(name);
    if (value === null) return;
    const chinese = chineseSpokenText(value);
    // A rewritten value is no longer English, so this never answers its own change.
    if (chinese !== value) el.setAttribute(name, chinese);
  };
  for (const name of SPOKEN_ATTRIBUTES) for (const el of root.querySelectorAll(`[${name}]`)) fix(el, name);
  const observer = new MutationObserver((records) => {
    for (const r of records) if (r.attributeName && r.target instanceof Element) fix(r.target, r.attributeName);
  });
  observer.observe(root, { subtree: true, attributes: true, attributeFilter: SPOKEN_ATTRIBUTES });
  return () => observer.disconnect();
}

interface Props {
  src: string;
  title: string;
  poster?: string | null | undefined;
  autoPlay?: boolean;
}

/**
 * The product's video player (vidstack, default layout, Chinese controls, also the AirPlay and
 * Google Cast buttons and the spoken times). Load it lazily (React.lazy) where a video is opened,
 * so pages that only list videos do not ship it.
 */
export default function VideoPlayer({ src, title, poster, autoPlay = false }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => (box.current ? speakChinese(box.current) : undefined), []);
  return (
    <div ref={box}>
      {/* Unnamed, vidstack names the player "Video Player - <title>". */}
      <MediaPlayer
        ariaLabel={t('player.text.label', { title })}
        title={title}
        src={src}
        poster={poster ?? undefined}
        autoPlay={autoPlay}
        playsInline
        className="w-full bg-black"
        style={{ aspectRatio: '16 / 9' }}
      >
        <MediaProvider />
        <DefaultVideoLayout icons={defaultLayoutIcons} translations={translations} />
      </MediaPlayer>
    </div>
  );
}
