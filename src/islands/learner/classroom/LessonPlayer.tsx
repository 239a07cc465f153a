import { useEffect, useRef, useState } from 'react';
import { MediaPlayer, MediaProvider, type MediaPlayerInstance } from '@vidstack/react';
import { DefaultAudioLayout, DefaultVideoLayout, defaultLayoutIcons } from '@vidstack/react/player/layouts/default';
import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import '@vidstack/react/player/styles/default/layouts/audio.css';
import type { Quality } from '~/lib/api/contracts/classroom-online';
import { REPORT_JUMP_MS } from '~/lib/learning/study-credit';
import { t } from '~/lib/i18n/messages/classroom';
import { PLAYER_TRANSLATIONS } from '~/islands/shared/player-words';

/** Playback speeds and the starting volume (learner-area.md section 9). */
export const SPEEDS = [0.75, 1, 1.5, 2];
export const START_VOLUME = 0.1;
/** A time update further than this from the previous one is a seek, not watching. */
const MAX_TICK_S = 3;

export interface PlayerEvents {
  /** A report: the position and the time watched since the previous report (ms). */
  onReport: (positionMs: number, watchedMs: number) => void;
}

interface Props extends PlayerEvents {
  title: string;
  audio: boolean;
  url: string;
  sources: { quality: Quality; url: string }[];
  /** Resume from here (ms); 0 starts at the beginning. */
  startMs: number;
  /** Called when playback resumed from startMs (a position past the media's end starts over). */
  onResume?: (positionMs: number) => void;
}

/**
 * The lesson's video or audio player (vidstack with the site's Chinese layout), loaded lazily
 * only when a video or audio lesson opens. Speeds 0.75/1/1.5/2, the transcoded qualities
 * 360P/480P/720P/1080P, volume 0.1, autoplay, resume. Reports (section 4): on play, pause, a
 * seek or a jump of more than 10 s, the end; the page reports on leaving.
 */
export default function LessonPlayer({ title, audio, url, sources, startMs, onReport, onResume }: Props) {
  const player = useRef<MediaPlayerInstance>(null);
  const [quality, setQuality] = useState<Quality | null>(sources.length ? sources[sources.length - 1]!.quality : null);
  const src = (quality && sources.find((s) => s.quality === quality)?.url) || url;
  const last = useRef({ time: startMs / 1000, reported: startMs / 1000, watched: 0, resumed: false, pendingSeek: startMs / 1000 });
  const report = useRef(onReport);
  report.current = onReport;

  const send = () => {
    const l = last.current;
    report.current(Math.round(l.time * 1000), Math.round(l.watched * 1000));
    l.watched = 0;
    l.reported = l.time;
  };

  useEffect(() => () => {
    // Leaving the lesson (another lesson, or the page): what was watched is reported.
    if (last.current.watched > 0) send();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changeQuality = (q: Quality) => {
    last.current.pendingSeek = last.current.time;
    setQuality(q);
  };

  const Layout = audio ? DefaultAudioLayout : DefaultVideoLayout;
  return (
    <div className="space-y-2">
      <MediaPlayer
        ref={player}
        title={title}
        src={audio ? { src, type: 'audio/mpeg' } : { src, type: 'video/mp4' }}
        viewType={audio ? 'audio' : 'video'}
        autoPlay
        load="eager"
        playsInline
        volume={START_VOLUME}
        className={audio ? 'w-full' : 'w-full bg-black'}
        style={audio ? undefined : { aspectRatio: '16 / 9' }}
        onCanPlay={() => {
          const p = player.current;
          const l = last.current;
          if (!p || l.pendingSeek <= 0) return;
          if (Number.isFinite(p.duration) && l.pendingSeek < p.duration - 1) {
            p.currentTime = l.pendingSeek;
            l.time = l.pendingSeek;
            if (!l.resumed) onResume?.(Math.round(l.pendingSeek * 1000));
          } else {
            // Studied to (or past) the end: start over.
            l.time = 0;
            l.reported = 0;
          }
          l.resumed = true;
          l.pendingSeek = 0;
        }}
        onTimeUpdate={(detail) => {
          const l = last.current;
          const now = detail.currentTime;
          const delta = now - l.time;
          if (delta > 0 && delta <= MAX_TICK_S && player.current && !player.current.paused) l.watched += delta;
          l.time = now;
          if (Math.abs(now - l.reported) * 1000 > REPORT_JUMP_MS) send();
        }}
        onPlay={() => send()}
        onPause={() => send()}
        onSeeked={(time) => {
          last.current.time = time;
          send();
        }}
        onEnded={() => send()}
      >
        <MediaProvider />
        <Layout icons={defaultLayoutIcons} translations={PLAYER_TRANSLATIONS} playbackRates={SPEEDS} />
      </MediaPlayer>
      {sources.length > 1 && (
        <div role="radiogroup" aria-label={t('classroom.quality')} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">{t('classroom.quality')}</span>
          {sources.map((s) => (
            <button
              key={s.quality}
              type="button"
              role="radio"
              aria-checked={quality === s.quality}
              onClick={() => changeQuality(s.quality)}
              className={`rounded border px-2 py-0.5 ${quality === s.quality ? 'border-brand text-brand' : 'border-slate-300 text-slate-700 hover:border-brand'}`}
            >
              {s.quality}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
