import type { Page } from '@playwright/test';
import { MAX_PLAYBACK_RATE } from '../../src/lib/learning/study-credit';
import { test, expect, hydrated } from './support/fixtures';
import { recordStatuses } from './support/statuses';
import { newClassAStudent, resumeNoticeAt } from './support/study';

/**
 * Study progress as a student meets it (issue 19), each test as a new student of class A of its
 * own: leaving a lesson mid-play (the breadcrumb, a reload) keeps the position and the time
 * watched; the resume notice says what happens (playing by itself, or waiting for a click when
 * the browser blocks autoplay, and nothing under a second); the demo media are as long as their
 * lessons, so a resume point such as 04:48 is a real position and is not lost; the player never
 * offers a speed faster than the credit rule allows, and keeps the chosen one across qualities.
 */

/**
 * How far behind the position a test read the media element may say it stands when the page is left:
 * its clock then is the audio output's, which lags playback by up to its own update interval (the
 * 250 ms of timeupdate at most), more than one MP3 frame on a busy machine. A lost report on leaving
 * would leave the record at the play report's point, seconds before.
 */
const LEAVE_POSITION_SLACK_MS = 250;
const VIDEO = '电路的基本概念';
const AUDIO = '欧姆定律音频讲解';

async function open(page: Page, url: string, heading: string) {
  await page.goto(url);
  await hydrated(page.getByRole('heading', { level: 1, name: heading }));
}

const NOTICE = /上次学习到|已定位到上次观看位置/;
/** The resume notice (a status message over the player). */
const resumeNotice = (page: Page) => page.getByRole('status').filter({ hasText: NOTICE });
/**
 * The resume notices the page has shown: the one saying playback goes on shows for 3 s only, so the
 * tests read what was recorded as it showed rather than race it (support/statuses.ts).
 */
const noticesShown = (statuses: () => Promise<string[]>) => async () => (await statuses()).filter((text) => NOTICE.test(text));
const mmss = (ms: number) => `${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

const pendingReports = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dcs.studyReport.')).length);

/** The speed the tests play at: the fastest the credit rule allows for. */
const TEST_RATE = MAX_PLAYBACK_RATE;

/**
 * Plays the lesson's media muted at TEST_RATE until it is past `seconds`, then reads where it is
 * (`at`, ms); `readFrom` is the wall clock just before that read, so a later position can be bounded
 * by the real time that has passed since (times TEST_RATE), however slow the machine.
 */
async function playPast(page: Page, selector: 'video' | 'audio', seconds: number): Promise<{ at: number; readFrom: number }> {
  const media = page.locator(selector);
  await media.evaluate(async (m: HTMLMediaElement, rate) => {
    m.muted = true;
    m.playbackRate = rate;
    await m.play();
  }, TEST_RATE);
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime), { timeout: 15_000 }).toBeGreaterThan(seconds);
  // The play report has been answered: what follows is only in the player until it reports again.
  await expect.poll(() => pendingReports(page)).toBe(0);
  const readFrom = Date.now();
  return { at: await media.evaluate((m: HTMLMediaElement) => m.currentTime * 1000), readFrom };
}

/**
 * The browser's autoplay policy, as a school computer may have it: play() without a user gesture
 * on the page is refused (NotAllowedError); after a click it works. The test browser allows
 * autoplay by default.
 */
const blockAutoplay = (page: Page) =>
  page.addInitScript(() => {
    let gesture = false;
    const allow = (e: Event) => {
      if (e.isTrusted) gesture = true;
    };
    window.addEventListener('pointerdown', allow, true);
    window.addEventListener('keydown', allow, true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!gesture && !this.muted) return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
      return play.call(this);
    };
  });

test.describe('study progress in the online classroom', () => {
  test('leaving mid-play by the breadcrumb keeps the position and the time watched @desktop-only', async ({ page }) => {
    const s = await newClassAStudent(page);
    try {
      await open(page, s.url(), VIDEO);
      const creditedBefore = (await s.record(s.lessons.video))?.creditedMs ?? 0;
      // Under 10 s of playback no report goes out on its own, so leaving is what reports the time watched. A
      // busy machine may let playback pass 10 s before the test leaves (one report then goes out by itself):
      // what was watched up to leaving must be kept either way, so nothing below depends on which it was.
      const { at, readFrom } = await playPast(page, 'video', 4);
      await page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '班级详情' }).click();
      await page.waitForURL(/\/study\/training-class\?classId=/);
      const leftBy = Date.now();
      // Ranges below: real playback time (the media clock runs on between reading it and leaving).
      await expect.poll(async () => (await s.record(s.lessons.video))!.lastPositionMs).toBeGreaterThanOrEqual(Math.floor(at));
      const after = (await s.record(s.lessons.video))!;
      // The time watched is credited (it was played at double speed, which the server allows).
      expect(after.creditedMs - creditedBefore).toBeGreaterThanOrEqual(Math.floor(at) - 1_000);
      // No further than the media can have played before the page was left (the click alone can take seconds on a busy machine).
      expect(after.lastPositionMs).toBeLessThanOrEqual(at + (leftBy - readFrom) * TEST_RATE);
      // Coming back resumes there.
      const notices = noticesShown(await recordStatuses(page));
      await open(page, s.url(), VIDEO);
      await expect.poll(notices).toEqual([expect.stringMatching(resumeNoticeAt(mmss(after.lastPositionMs)))]);
    } finally {
      await s.remove();
    }
  });

  test('stopped 0.5 s before the end: the video starts again from the beginning, learned, and the record keeps its point (issue 27) @desktop-only', async ({
    page,
  }) => {
    const s = await newClassAStudent(page);
    try {
      const length = 18 * 60_000;
      await s.studied(s.lessons.video, length - 500);
      const reported = page.waitForResponse((r) => r.url().includes('/classroom/online/progress'));
      const notices = noticesShown(await recordStatuses(page));
      await open(page, s.url(s.lessons.video), VIDEO);
      // The player plays from the beginning (no seek, no resume notice) and reports that.
      await reported;
      await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(10);
      expect(await notices()).toEqual([]);
      await expect(page.getByRole('complementary').getByRole('button', { name: new RegExp(VIDEO) })).toContainText('已学完 100%');
      // Starting again was the player's choice, not the student's: the point is kept.
      expect((await s.record(s.lessons.video))!.lastPositionMs).toBe(length - 500);
    } finally {
      await s.remove();
    }
  });

  test('a reload mid-play resumes where the student was, with the time watched credited @desktop-only', async ({ page }) => {
    const s = await newClassAStudent(page);
    try {
      await open(page, s.url(s.lessons.audio), AUDIO);
      const { at } = await playPast(page, 'audio', 3);
      const notices = noticesShown(await recordStatuses(page));
      await page.reload();
      await hydrated(page.getByRole('heading', { level: 1, name: AUDIO }));
      // The report made on leaving goes out with the unload, or from the reloaded page's queue when the
      // unload cut it off. Ranges: real playback time; the position said on leaving may stand a little
      // before where the test read it (LEAVE_POSITION_SLACK_MS).
      await expect.poll(async () => (await s.record(s.lessons.audio))!.lastPositionMs).toBeGreaterThanOrEqual(Math.floor(at) - LEAVE_POSITION_SLACK_MS);
      const record = (await s.record(s.lessons.audio))!;
      expect(record.creditedMs).toBeGreaterThanOrEqual(Math.floor(at) - 1_000);
      // The page resumed at the recorded point (playback then goes on, so the slider itself moves);
      // whether the browser lets it play on by itself is its autoplay policy, hence either notice.
      const at2 = mmss(record.lastPositionMs);
      await expect.poll(notices).toEqual([expect.stringMatching(resumeNoticeAt(at2))]);
    } finally {
      await s.remove();
    }
  });

  test('autoplay blocked: the notice says where playback is and to click play, not that it plays; a click plays from there @desktop-only', async ({ page }) => {
    const s = await newClassAStudent(page);
    try {
      await blockAutoplay(page);
      // Studied before up to 04:48 of the 12-minute audio lesson: a real position in its media.
      await s.studied(s.lessons.audio, 288_000);
      await open(page, s.url(s.lessons.audio), AUDIO);
      await expect(resumeNotice(page)).toHaveText('已定位到上次观看位置 04:48，点击播放继续');
      await expect(page.getByText(/已为您自动续播/)).toHaveCount(0);
      const audio = page.locator('audio');
      expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
      const player = page.getByRole('region', { name: `${AUDIO} 播放器` });
      await expect(player.getByRole('slider', { name: '播放进度' })).toHaveAttribute('aria-valuetext', '04:48 / 12:00');
      // The notice lies clear of the player's play button, which can be clicked at once.
      const notice = (await resumeNotice(page).boundingBox())!;
      const play = (await player.getByRole('button', { name: '播放' }).boundingBox())!;
      const apartInY = notice.y >= play.y + play.height || notice.y + notice.height <= play.y;
      const apart = apartInY || notice.x >= play.x + play.width || notice.x + notice.width <= play.x;
      expect(apart).toBe(true);
      await player.getByRole('button', { name: '播放' }).click({ timeout: 1_000 });
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime >= 288)).toBe(true);
      await expect(resumeNotice(page)).toHaveCount(0);
      // Opening it kept the resume point: nothing reset it to 0.
      // At least: the audio plays on past 04:48 in real time before the next report.
      await expect.poll(async () => (await s.record(s.lessons.audio))!.lastPositionMs).toBeGreaterThanOrEqual(288_000);
    } finally {
      await s.remove();
    }
  });

  test('autoplay allowed: the notice says it continues; under a second there is no notice at all @desktop-only', async ({ page }) => {
    const s = await newClassAStudent(page);
    try {
      await s.studied(s.lessons.audio, 288_000);
      await s.studied(s.lessons.video, 600);
      const notices = noticesShown(await recordStatuses(page));
      await open(page, s.url(s.lessons.audio), AUDIO);
      await expect.poll(notices).toEqual(['上次学习到 04:48，已为您自动续播']);
      await expect.poll(() => page.locator('audio').evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);

      await open(page, s.url(s.lessons.video), VIDEO);
      const video = page.locator('video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.5)).toBe(true);
      // Playing past the point where it would have shown: no notice was ever shown on this page.
      expect(await notices()).toEqual([]);
    } finally {
      await s.remove();
    }
  });

  test('the player offers the speeds the credit rule allows for, and none faster @desktop-only', async ({ page }) => {
    const s = await newClassAStudent(page);
    try {
      await open(page, s.url(), VIDEO);
      const speed = page.getByRole('region', { name: `${VIDEO} 播放器` }).getByRole('combobox', { name: '倍速' });
      await expect(speed.getByRole('option')).toHaveText(['0.75x', '1x', '1.5x', '2x']);
      const rates = await speed.getByRole('option').evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)));
      expect(Math.max(...rates)).toBe(MAX_PLAYBACK_RATE);
      expect(MAX_PLAYBACK_RATE).toBe(2);
      // A chosen speed stays when another quality (another file) loads.
      const video = page.locator('video');
      await speed.selectOption('1.5');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
      await page
        .getByRole('region', { name: `${VIDEO} 播放器` })
        .getByRole('combobox', { name: '清晰度' })
        .selectOption('360P');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => /lesson-360p\.mp4$/.test(v.currentSrc) && v.readyState >= 3)).toBe(true);
      expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
      await expect(speed).toHaveValue('1.5');
    } finally {
      await s.remove();
    }
  });
});
