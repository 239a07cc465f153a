import { spawn } from 'node:child_process';
import { MediaToolMissing, type MediaTool, type MediaTools } from '../media-tools';
import { progressPosition } from './media-library.rules';

/**
 * ffprobe and ffmpeg, run as child processes (FFPROBE_PATH, FFMPEG_PATH: docs/operations.md).
 * Their error output's last lines become the job's error, so staff see why a file failed; a
 * program that cannot be started at all throws MediaToolMissing, and every run tells the media
 * tools whether its program was there.
 */

/** The last characters of a tool's error output kept as the failure's reason. */
const STDERR_TAIL = 600;

/** Errors of a program that is not there or cannot be run (as opposed to one that ran and failed). */
const NOT_STARTED = new Set(['ENOENT', 'EACCES', 'ENOEXEC', 'ENOTDIR']);

function run(
  tools: MediaTools,
  tool: MediaTool,
  args: string[],
  onStdout?: (text: string) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const path = tools.paths[tool];
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (onStdout) onStdout(text);
      else stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4 * STDERR_TAIL);
    });
    child.on('spawn', () => tools.seen(tool, true));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code && NOT_STARTED.has(error.code)) {
        tools.seen(tool, false);
        reject(new MediaToolMissing(tool, path, error));
      } else reject(error);
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const reason = (tool: string, stderr: string) => `${tool}: ${stderr.trim().slice(-STDERR_TAIL) || 'failed'}`;

/** ffprobe's JSON report of a file; throws with ffprobe's own words when it cannot read it. */
export async function probe(tools: MediaTools, path: string): Promise<string> {
  const r = await run(tools, 'ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]);
  if (r.code !== 0) throw new Error(reason('ffprobe', r.stderr));
  return r.stdout;
}

/**
 * One MP4 rendition (H.264/AAC, +faststart so playing starts before the whole file arrives) of
 * `height` lines, width kept in proportion (even); `onPosition` hears the position reached (µs).
 */
export async function encode(
  tools: MediaTools,
  input: string,
  output: string,
  height: number,
  hasAudio: boolean,
  onPosition: (us: number) => void,
): Promise<void> {
  const args = ['-hide_banner', '-nostdin', '-y', '-i', input, '-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0'] : [])];
  args.push('-vf', `scale=-2:${height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p');
  args.push(...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an']));
  args.push('-movflags', '+faststart', '-f', 'mp4', '-progress', 'pipe:1', '-nostats', output);
  const r = await run(tools, 'ffmpeg', args, (text) => {
    const at = progressPosition(text);
    if (at !== null) onPosition(at);
  });
  if (r.code !== 0) throw new Error(reason('ffmpeg', r.stderr));
}
