import { spawn } from 'node:child_process';
import { progressPosition } from './media-library.rules';

/**
 * ffprobe and ffmpeg, run as child processes (the server needs both on its PATH: docs/operations.md).
 * Their error output's last lines become the job's error, so staff see why a file failed.
 */

/** The last characters of a tool's error output kept as the failure's reason. */
const STDERR_TAIL = 600;

function run(cmd: string, args: string[], onStdout?: (text: string) => void): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (onStdout) onStdout(text);
      else stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4 * STDERR_TAIL);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const reason = (tool: string, stderr: string) => `${tool}: ${stderr.trim().slice(-STDERR_TAIL) || 'failed'}`;

/** ffprobe's JSON report of a file; throws with ffprobe's own words when it cannot read it. */
export async function probe(path: string): Promise<string> {
  const r = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]);
  if (r.code !== 0) throw new Error(reason('ffprobe', r.stderr));
  return r.stdout;
}

/**
 * One MP4 rendition (H.264/AAC, +faststart so playing starts before the whole file arrives) of
 * `height` lines, width kept in proportion (even); `onPosition` hears the position reached (µs).
 */
export async function encode(input: string, output: string, height: number, hasAudio: boolean, onPosition: (us: number) => void): Promise<void> {
  const args = ['-hide_banner', '-nostdin', '-y', '-i', input, '-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0'] : [])];
  args.push('-vf', `scale=-2:${height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p');
  args.push(...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an']));
  args.push('-movflags', '+faststart', '-f', 'mp4', '-progress', 'pipe:1', '-nostats', output);
  const r = await run('ffmpeg', args, (text) => {
    const at = progressPosition(text);
    if (at !== null) onPosition(at);
  });
  if (r.code !== 0) throw new Error(reason('ffmpeg', r.stderr));
}
