import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Small real media made by ffmpeg in the test (lavfi test pattern and a sine tone): the media
 * library's job needs files ffprobe and ffmpeg can read. Made once per process and size. ffmpeg
 * writes to a temporary directory, removed as soon as the bytes are read (a test run leaves nothing behind).
 */

const made = new Map<string, Buffer>();

/** An H.264/AAC MP4 of `width`x`height`, `seconds` long (about 100 KB a second at 720p). */
export function testVideo(width = 1280, height = 720, seconds = 2): Buffer {
  const id = `${width}x${height}x${seconds}`;
  const cached = made.get(id);
  if (cached) return cached;
  const bytes = madeByFfmpeg('v.mp4', (out) => [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:v', '400k'],
    ...['-movflags', '+faststart', out],
  ]);
  made.set(id, bytes);
  return bytes;
}

/** An MP3 tone, `seconds` long. */
export function testAudio(seconds = 2): Buffer {
  return madeByFfmpeg('a.mp3', (out) => [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330',
    '-t',
    String(seconds),
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    out,
  ]);
}

/** The bytes ffmpeg writes to `name` in a directory of its own, removed once they are read (whether or not ffmpeg succeeded). */
function madeByFfmpeg(name: string, args: (out: string) => string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'media-fixture-'));
  try {
    const out = join(dir, name);
    execFileSync('ffmpeg', args(out));
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A file that starts like an MP4 (so the upload takes it) but is nothing ffmpeg can read. */
export function corruptVideo(): Buffer {
  const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
  return Buffer.concat([head, Buffer.alloc(4096, 0x5a)]);
}

/** The width and height of an MP4's video stream and its duration (ms), read by ffprobe. */
export function probeFile(path: string): { width: number; height: number; durationMs: number } {
  const out = execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], { encoding: 'utf8' });
  const report = JSON.parse(out) as { format: { duration: string }; streams: { codec_type: string; width?: number; height?: number }[] };
  const v = report.streams.find((s) => s.codec_type === 'video')!;
  return { width: v.width!, height: v.height!, durationMs: Math.round(Number(report.format.duration) * 1000) };
}
