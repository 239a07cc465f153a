import { MediaPlayer, MediaProvider } from '@vidstack/react';
import { DefaultVideoLayout, defaultLayoutIcons, type DefaultLayoutTranslations } from '@vidstack/react/player/layouts/default';
import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import { t, type player } from '~/lib/i18n/messages/player';

/** The player's control words in Chinese, from the catalogue (player.<English word>). */
const WORDS = [
  'Play', 'Pause', 'Replay', 'Mute', 'Unmute', 'Volume', 'Enter Fullscreen', 'Exit Fullscreen', 'Fullscreen', 'Enter PiP', 'Exit PiP', 'PiP',
  'Settings', 'Playback', 'Speed', 'Normal', 'Quality', 'Auto', 'Captions', 'Closed-Captions On', 'Closed-Captions Off', 'Audio', 'Default',
  'Off', 'Loop', 'Seek', 'Seek Forward', 'Seek Backward', 'Download', 'Chapters', 'Accessibility', 'Announcements', 'Keyboard Animations',
  'Disabled', 'Reset',
] as const;
const translations = Object.fromEntries(WORDS.map((w) => [w, t(`player.${w}` as keyof typeof player)])) as Partial<DefaultLayoutTranslations>;

interface Props {
  src: string;
  title: string;
  poster?: string | null | undefined;
  autoPlay?: boolean;
}

/**
 * The product's video player (vidstack, default layout, Chinese controls). Load it lazily
 * (React.lazy) where a video is opened, so pages that only list videos do not ship it.
 */
export default function VideoPlayer({ src, title, poster, autoPlay = false }: Props) {
  return (
    <MediaPlayer title={title} src={src} poster={poster ?? undefined} autoPlay={autoPlay} playsInline className="w-full bg-black" style={{ aspectRatio: '16 / 9' }}>
      <MediaProvider />
      <DefaultVideoLayout icons={defaultLayoutIcons} translations={translations} />
    </MediaPlayer>
  );
}
