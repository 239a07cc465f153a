import { spawn } from 'node:child_process';

/**
 * The programs the media library runs on uploaded video and audio: ffprobe reads a file, ffmpeg
 * makes its renditions (FFPROBE_PATH and FFMPEG_PATH: a name found on the PATH, or a full path).
 * Whether they can be run is a process resource: checked once when the server starts, and
 * corrected by every run of them after that (a program installed or removed meanwhile is seen at
 * its next run, with no check of its own). Each change is reported: the server logs it and sets its
 * metric (src/server/runtime.ts).
 */

export const MEDIA_TOOLS = ['ffprobe', 'ffmpeg'] as const;
export type MediaTool = (typeof MEDIA_TOOLS)[number];

/** What an operator does about a missing program (the log line names it). */
export const MEDIA_TOOLS_FIX = 'apt-get install ffmpeg (Debian/Ubuntu; it brings ffprobe), or set FFMPEG_PATH and FFPROBE_PATH';

/** How long the start check waits for `-version` before it counts the program as not runnable. */
const CHECK_TIMEOUT_MS = 10_000;

export interface MediaToolsStatus {
  /** Both programs can be run. */
  available: boolean;
  /** The ones that cannot. */
  missing: MediaTool[];
}

/** A program that could not be started at all (not installed, not at its path, not executable). */
export class MediaToolMissing extends Error {
  readonly tool: MediaTool;
  constructor(tool: MediaTool, path: string, cause: unknown) {
    super(`${tool} could not be started (${path}): ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'MediaToolMissing';
    this.tool = tool;
  }
}

export interface MediaTools {
  /** The command of each program. */
  readonly paths: Readonly<Record<MediaTool, string>>;
  /** Whether they can be run: the start check (made on the first call), then what runs found. */
  status(): Promise<MediaToolsStatus>;
  /** A run of `tool` started (found) or could not start (missing). */
  seen(tool: MediaTool, found: boolean): void;
}

/** Answers whether `path -version` starts and ends well within the check's time. */
function runs(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(path, ['-version'], { stdio: 'ignore', timeout: CHECK_TIMEOUT_MS });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

const statusOf = (found: Record<MediaTool, boolean>): MediaToolsStatus => {
  const missing = MEDIA_TOOLS.filter((tool) => !found[tool]);
  return { available: missing.length === 0, missing };
};

/** The media programs of one process; `report` hears the status whenever it changes (the first check included). */
export function createMediaTools(paths: Record<MediaTool, string>, report: (status: MediaToolsStatus) => void): MediaTools {
  let found: Record<MediaTool, boolean> | null = null;
  let checked: Promise<void> | null = null;
  const set = (next: Record<MediaTool, boolean>) => {
    const changed = !found || MEDIA_TOOLS.some((tool) => found![tool] !== next[tool]);
    found = next;
    if (changed) report(statusOf(next));
  };
  const check = () => {
    checked ??= Promise.all(MEDIA_TOOLS.map((tool) => runs(paths[tool]))).then(([ffprobe, ffmpeg]) => set({ ffprobe: ffprobe!, ffmpeg: ffmpeg! }));
    return checked;
  };
  return {
    paths: Object.freeze({ ...paths }),
    async status() {
      await check();
      return statusOf(found!);
    },
    seen(tool, ok) {
      // Before the check has answered, it settles the other program; this run's finding comes after it.
      if (found) set({ ...found, [tool]: ok });
      else void check().then(() => set({ ...found!, [tool]: ok }));
    },
  };
}
