import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { MediaPlayer, MediaProvider, useMediaPlayer, useMediaState, type MediaPlayerInstance } from '@vidstack/react';
import type { Quality } from '~/lib/api/contracts/classroom-online';
import { clockText } from '~/lib/learning/display';
import { PLAYBACK_RATES, REPORT_JUMP_MS } from '~/lib/learning/study-credit';
import { playbackStart, RESUME_MIN_MS } from '~/lib/learning/resume';
import { t } from '~/lib/i18n/messages/classroom';

/** The starting volume: low, since the player starts by itself. The speeds are the credit rule's PLAYBACK_RATES. */
export const START_VOLUME = 0.1;
/** A time update further than this from the previous one is a seek, not watching. */
const MAX_TICK_S = 3;

/** One report: the position, the time watched since the previous report (ms), and whether the student moved there on purpose. */
export interface PlayerReport {
  positionMs: number;
  watchedMs: number;
  sought: boolean;
}

export interface PlayerEvents {
  /** A report: the position and the time watched since the previous report (ms). */
  onReport: (positionMs: number, watchedMs: number, sought: boolean) => void;
  /** The page is being left or hidden: what was not reported yet, or null when nothing changed since the last report. */
  onLeave: (last: PlayerReport | null) => void;
}

interface Props extends PlayerEvents {
  title: string;
  audio: boolean;
  url: string;
  sources: { quality: Quality; url: string }[];
  /** Resume from here (ms); under RESUME_MIN_MS starts at the beginning. */
  startMs: number;
  /**
   * Called once playback resumed from startMs and it is known whether it plays by itself
   * (autoplay allowed) or waits for the student (autoplay blocked by the browser).
   */
  onResume?: (positionMs: number, playing: boolean) => void;
  /** Playback started, by the student or by autoplay. */
  onPlaying?: () => void;
}

/**
 * The lesson's video or audio player, loaded lazily only when a video or audio lesson opens:
 * vidstack's player and provider with the classroom's own control bar (decision 024: vidstack's
 * default layout with its words was about 11 KB gzip more). Speeds 0.75/1/1.5/2 (the credit rule's
 * PLAYBACK_RATES: the player never offers a speed the server does not allow for), the transcoded
 * qualities 360P/480P/720P/1080P, volume 0.1, autoplay, resume. Progress is reported on play,
 * pause, a seek or a jump of more than 10 s, the end, and when the page is left or hidden (what
 * was watched since the previous report would otherwise be lost). A seek by the student, or
 * starting over after the end, marks the report `sought`: only then may the server move the
 * resume point back.
 */
export default function LessonPlayer({ title, audio, url, sources, startMs, onReport, onLeave, onResume, onPlaying }: Props) {
  const player = useRef<MediaPlayerInstance>(null);
  const [quality, setQuality] = useState<Quality | null>(sources.length ? sources[sources.length - 1]!.quality : null);
  // The chosen speed is the player's prop too: vidstack gives a newly loaded source (another
  // quality) the prop's speed, so without this a quality change would fall back to 1×.
  const [rate, setRate] = useState(1);
  const src = (quality && sources.find((s) => s.quality === quality)?.url) || url;
  const watch = useWatchReports(player, startMs, { onReport, onLeave, onResume, onPlaying });

  const changeQuality = (q: Quality) => {
    watch.keepPosition();
    setQuality(q);
  };

  return (
    <MediaPlayer
      ref={player}
      title={title}
      ariaLabel={t('classroom.player', { title })}
      src={audio ? { src, type: 'audio/mpeg' } : { src, type: 'video/mp4' }}
      viewType={audio ? 'audio' : 'video'}
      autoPlay
      load="eager"
      playsInline
      volume={START_VOLUME}
      playbackRate={rate}
      onRateChange={(r) => setRate(r)}
      className="group flex w-full flex-col overflow-hidden rounded-lg bg-slate-900"
      {...watch.handlers}
    >
      <MediaProvider
        className={
          audio
            ? 'hidden'
            : [
                'relative aspect-video w-full bg-black',
                'group-data-[fullscreen]:min-h-0 group-data-[fullscreen]:flex-1 group-data-[fullscreen]:aspect-auto',
                '[&_video]:h-full [&_video]:w-full [&_video]:object-contain',
              ].join(' ')
        }
      />
      <ControlBar audio={audio} sources={sources} quality={quality} onQuality={changeQuality} onRate={setRate} />
    </MediaPlayer>
  );
}

type Events = PlayerEvents & Pick<Props, 'onResume' | 'onPlaying'>;

/**
 * What the student watched, as reports: the position, the time watched since the previous report
 * and whether the student moved there on purpose; the resume from `startMs` (and its notice); the
 * report when the page is left or hidden. `handlers` are the player's event props.
 */
function useWatchReports(player: RefObject<MediaPlayerInstance | null>, startMs: number, on: Events) {
  const start = startMs >= RESUME_MIN_MS ? startMs / 1000 : 0;
  const last = useRef({
    time: start,
    reported: start,
    watched: 0,
    resumed: false,
    pendingSeek: start,
    /** The student moved the position since the last report. */
    sought: false,
    /** Where the player itself is seeking (resume, quality change): that seek is not the student's. */
    ownSeek: null as number | null,
    /** The resume point (ms) once resumed, and whether autoplay worked, for the notice. */
    resumedAt: null as number | null,
    autoplay: null as boolean | null,
    noticed: false,
  });
  const events = useRef(on);
  events.current = on;

  /** Playback reached `now` (s): the time since the last update counts as watched when it played on (not a seek). */
  const advance = useCallback(
    (now: number) => {
      const l = last.current;
      const delta = now - l.time;
      if (delta > 0 && delta <= MAX_TICK_S && player.current && !player.current.paused) l.watched += delta;
      l.time = now;
    },
    [player],
  );

  /** The report of what is not reported yet; the next one counts from here. */
  const take = useCallback((): PlayerReport => {
    const l = last.current;
    const report = { positionMs: Math.round(l.time * 1000), watchedMs: Math.round(l.watched * 1000), sought: l.sought };
    l.watched = 0;
    l.reported = l.time;
    l.sought = false;
    return report;
  }, []);

  const send = useCallback(() => {
    const r = take();
    events.current.onReport(r.positionMs, r.watchedMs, r.sought);
  }, [take]);

  /** The notice needs both: where playback resumed, and whether it plays (autoplay) or waits for the student. */
  const notice = () => {
    const l = last.current;
    if (l.noticed || l.resumedAt === null || l.autoplay === null) return;
    l.noticed = true;
    events.current.onResume?.(l.resumedAt, l.autoplay);
  };

  useEffect(() => {
    // Leaving the page (a link, the breadcrumb, a reload, closing the tab) or hiding it (another
    // tab, the phone's home screen): what was watched since the last report goes out now. React's
    // clean-up does not run when the page goes away, so this listens to the page itself.
    const leave = () => {
      const l = last.current;
      // The media element's own position: the player's state only follows its time updates (every
      // 250 ms or so), which at double speed is up to half a second behind where the student was.
      const p = player.current;
      const media = (p?.provider as { media?: HTMLMediaElement } | null | undefined)?.media;
      const now = media?.currentTime ?? p?.currentTime;
      if (typeof now === 'number' && Number.isFinite(now) && l.resumed) advance(now);
      const changed = l.watched > 0 || l.sought || Math.abs(l.time - l.reported) >= 0.001;
      events.current.onLeave(changed ? take() : null);
    };
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      // Leaving the lesson for another one on the same page: what was watched is reported.
      if (last.current.watched > 0) send();
    };
  }, [send, take, player, advance]);

  const onCanPlay = () => {
    const p = player.current;
    const l = last.current;
    if (!p || l.pendingSeek <= 0) return;
    // After a quality change the new file goes back where the student was, whatever that is.
    if (l.resumed || playbackStart(l.pendingSeek * 1000, p.duration * 1000).kind === 'resume') {
      l.ownSeek = l.pendingSeek;
      p.currentTime = l.pendingSeek;
      l.time = l.pendingSeek;
      if (!l.resumed) {
        l.resumedAt = Math.round(l.pendingSeek * 1000);
        notice();
      }
    } else {
      // Studied to the end (or within its last second, resume.ts), or a length the media does
      // not tell: start over for watching again. Not the student's seek (sought stays false),
      // so the server keeps the recorded point and nothing recorded goes down.
      l.time = 0;
      l.reported = 0;
    }
    l.resumed = true;
    l.pendingSeek = 0;
  };

  const autoplay = (worked: boolean) => {
    last.current.autoplay = worked;
    notice();
  };

  const handlers = {
    onCanPlay,
    onAutoPlay: () => autoplay(true),
    onAutoPlayFail: () => autoplay(false),
    onTimeUpdate: (detail: { currentTime: number }) => {
      advance(detail.currentTime);
      if (Math.abs(detail.currentTime - last.current.reported) * 1000 > REPORT_JUMP_MS) send();
    },
    onPlay: () => {
      send();
      events.current.onPlaying?.();
    },
    onPause: () => send(),
    onSeeked: (time: number) => {
      const l = last.current;
      l.time = time;
      if (l.ownSeek !== null && Math.abs(time - l.ownSeek) < 0.5) l.ownSeek = null;
      else l.sought = true;
      send();
    },
    onEnded: () => send(),
  };

  /** Another source (quality) is loading: it goes back to where the student was. */
  const keepPosition = () => {
    last.current.pendingSeek = last.current.time;
  };

  return { handlers, keepPosition };
}

const bar = 'flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 text-sm text-white';
const iconButton = 'flex h-9 w-9 shrink-0 items-center justify-center rounded hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white';
const select = 'h-9 rounded border border-white/30 bg-slate-800 px-1 text-sm text-white';

function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
      <path d={d} />
    </svg>
  );
}

const ICON = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  volume: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted: 'M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
  enter: 'M5 5h5v2H7v3H5zm9 0h5v5h-2V7h-3zM5 14h2v3h3v2H5zm12 0h2v5h-5v-2h3z',
  exit: 'M8 5h2v5H5V8h3zm6 0h2v3h3v2h-5zM5 14h5v5H8v-3H5zm9 0h5v2h-3v3h-2z',
};

/**
 * Play and pause, the position with a seek slider, volume, speed, quality and full screen: native
 * buttons, sliders and selects (their keyboard and screen-reader behaviour come with them), named
 * from the classroom's catalogue.
 */
function ControlBar({
  audio,
  sources,
  quality,
  onQuality,
  onRate,
}: {
  audio: boolean;
  sources: { quality: Quality }[];
  quality: Quality | null;
  onQuality: (q: Quality) => void;
  onRate: (rate: number) => void;
}) {
  const player = useMediaPlayer();
  const paused = useMediaState('paused');
  const rate = useMediaState('playbackRate');
  const fullscreen = useMediaState('fullscreen');
  const canFullscreen = useMediaState('canFullscreen');
  return (
    <div className={bar}>
      <button
        type="button"
        className={iconButton}
        aria-label={t(paused ? 'classroom.play' : 'classroom.pause')}
        onClick={() => (paused ? void player?.play().catch(() => undefined) : void player?.pause())}
      >
        <Icon d={paused ? ICON.play : ICON.pause} />
      </button>
      <SeekSlider />
      <VolumeControl />
      <span className="ml-auto flex shrink-0 items-center gap-2">
        <select aria-label={t('classroom.speed')} value={String(rate)} onChange={(e) => onRate(Number(e.currentTarget.value))} className={select}>
          {PLAYBACK_RATES.map((r) => (
            <option key={r} value={String(r)}>
              {t('classroom.speedOption', { rate: r })}
            </option>
          ))}
        </select>
        {!audio && sources.length > 1 && (
          <select aria-label={t('classroom.quality')} value={quality ?? ''} onChange={(e) => onQuality(e.currentTarget.value as Quality)} className={select}>
            {sources.map((s) => (
              <option key={s.quality} value={s.quality}>
                {s.quality}
              </option>
            ))}
          </select>
        )}
        {!audio && canFullscreen && (
          <button
            type="button"
            className={iconButton}
            aria-label={t(fullscreen ? 'classroom.exitFullscreen' : 'classroom.fullscreen')}
            onClick={() => void (fullscreen ? player?.exitFullscreen() : player?.enterFullscreen())?.catch(() => undefined)}
          >
            <Icon d={fullscreen ? ICON.exit : ICON.enter} />
          </button>
        )}
      </span>
    </div>
  );
}

/** The position: a seek slider and the time out of the length. */
function SeekSlider() {
  const player = useMediaPlayer();
  const currentTime = useMediaState('currentTime');
  const duration = useMediaState('duration');
  // While the seek slider is dragged it shows the dragged time; the player seeks on release only,
  // so one drag is one seek (and one report), not dozens.
  const [dragged, setDragged] = useState<number | null>(null);
  const seek = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = seek.current;
    if (!el) return;
    const commit = () => {
      if (player) player.currentTime = Number(el.value);
      setDragged(null);
    };
    el.addEventListener('change', commit);
    return () => el.removeEventListener('change', commit);
  }, [player]);

  const length = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const at = dragged ?? currentTime;
  const time = t('classroom.playerTime', { time: clockText(at * 1000), duration: clockText(length * 1000) });
  return (
    <>
      <input
        ref={seek}
        type="range"
        min={0}
        max={length}
        step={0.1}
        value={Math.min(at, length)}
        disabled={!length}
        aria-label={t('classroom.seek')}
        aria-valuetext={time}
        onChange={(e) => setDragged(Number(e.currentTarget.value))}
        className="order-first h-2 basis-full accent-white sm:order-none sm:min-w-24 sm:flex-1 sm:basis-auto"
      />
      <span className="shrink-0 tabular-nums" aria-hidden="true">
        {time}
      </span>
    </>
  );
}

/** Mute and the volume slider (unmuting at no volume comes back at the starting volume). */
function VolumeControl() {
  const player = useMediaPlayer();
  const volume = useMediaState('volume');
  const muted = useMediaState('muted');
  const silent = muted || volume === 0;
  const toggleMute = () => {
    if (!player) return;
    if (!silent) {
      player.muted = true;
      return;
    }
    if (player.volume === 0) player.volume = START_VOLUME;
    player.muted = false;
  };
  return (
    <span className="flex shrink-0 items-center gap-1">
      <button type="button" className={iconButton} aria-label={t(silent ? 'classroom.unmute' : 'classroom.mute')} onClick={toggleMute}>
        <Icon d={silent ? ICON.muted : ICON.volume} />
      </button>
      <input
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={silent ? 0 : volume}
        aria-label={t('classroom.volume')}
        aria-valuetext={`${Math.round((silent ? 0 : volume) * 100)}%`}
        onChange={(e) => {
          if (!player) return;
          const v = Number(e.currentTarget.value);
          player.volume = v;
          player.muted = v === 0;
        }}
        className="h-2 w-20 accent-white"
      />
    </span>
  );
}
