import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { LEARNING_COURSES } from '~/dev/seed/learning-data';
import { ONLINE_CONTENT } from '~/dev/seed/online-classroom';

/**
 * The demo lessons' media are as long as the lessons say (their seeded minutes), so a resume point
 * such as 04:48 of the 12-minute audio lesson is a real position in the file, and they stay small.
 * The lengths are read from the files' own headers: the MP4 movie header, the MP3 Info frame.
 */

const PUBLIC = new URL('../../public', import.meta.url);

/** Duration of an MP4 from its movie header box (mvhd): duration / timescale. */
function mp4DurationMs(buf: Buffer): number {
  const at = buf.indexOf('mvhd', 0, 'latin1');
  if (at < 0) throw new Error('no mvhd box');
  const version = buf[at + 4];
  const timescale = version === 1 ? buf.readUInt32BE(at + 24) : buf.readUInt32BE(at + 16);
  const duration = version === 1 ? Number(buf.readBigUInt64BE(at + 28)) : buf.readUInt32BE(at + 20);
  return (duration * 1000) / timescale;
}

/** Duration of an MP3 from its Xing/Info frame: frames × samples per frame / sample rate. */
function mp3DurationMs(buf: Buffer): number {
  let at = 0;
  if (buf.toString('latin1', 0, 3) === 'ID3') at = 10 + ((buf[6]! << 21) | (buf[7]! << 14) | (buf[8]! << 7) | buf[9]!);
  while (!(buf[at] === 0xff && (buf[at + 1]! & 0xe0) === 0xe0)) at++;
  const version = (buf[at + 1]! >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const rates = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] }[version as 3 | 2 | 0];
  const rate = rates![(buf[at + 2]! >> 2) & 3]!;
  const tag = Math.max(buf.indexOf('Info', at, 'latin1'), buf.indexOf('Xing', at, 'latin1'));
  if (tag < 0 || tag > at + 200) throw new Error('no Info/Xing frame');
  if (!(buf.readUInt32BE(tag + 4) & 1)) throw new Error('the Info frame has no frame count');
  const frames = buf.readUInt32BE(tag + 8);
  return (frames * (version === 3 ? 1_152 : 576) * 1000) / rate;
}

const minutesOf = (name: string) =>
  LEARNING_COURSES[DEMO_TENANT.id]!.flatMap((c) => c.chapters.flatMap((ch) => ch.sections.flatMap((s) => s.lessons))).find((l) => l.name === name)!.minutes;

const mediaOf = (content: unknown): string[] => {
  const c = content as { pageData?: { type: string; url?: string }[]; transCodeVideoList?: { url: string }[] };
  return [...(c.pageData ?? []).filter((p) => p.type === 'video' || p.type === 'audio').map((p) => p.url!), ...(c.transCodeVideoList ?? []).map((v) => v.url)];
};

describe('the demo lessons’ media', () => {
  const lessons = Object.entries(ONLINE_CONTENT).filter(([, content]) => mediaOf(content).length);

  test('there are a video lesson (three qualities) and an audio lesson', () => {
    expect(lessons.map(([name, content]) => [name, new Set(mediaOf(content)).size])).toEqual([
      ['电路的基本概念', 3],
      ['欧姆定律音频讲解', 1],
    ]);
  });

  test.each(lessons)('%s: every file is as long as the lesson says, within a second, and small', (name, content) => {
    for (const url of new Set(mediaOf(content))) {
      const buf = readFileSync(new URL(`.${url}`, `${PUBLIC.href}/`));
      const ms = url.endsWith('.mp3') ? mp3DurationMs(buf) : mp4DurationMs(buf);
      expect(Math.abs(ms - minutesOf(name) * 60_000), url).toBeLessThan(1_000);
      expect(buf.length, url).toBeLessThan(3_000_000);
    }
  });
});
