export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Whether a logger at `configured` writes lines of `level` (what is not written need not be built). */
export function writesLevel(configured: LogLevel, level: Exclude<LogLevel, 'silent'>): boolean {
  return ORDER[level] >= ORDER[configured];
}

/** A repeating line (see Logger.repeating) is written at most once in this long. */
export const LOG_REPEAT_INTERVAL_MS = 10_000;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /**
   * A line that repeats for as long as its cause lasts (the database unreachable: one per request):
   * written at most once per interval for each message, the first of its interval, with
   * `suppressed`: how many of the same message were left out since the previous line written.
   */
  repeating(level: 'warn' | 'error', msg: string, fields?: Record<string, unknown>): void;
}

/** An error as a log line's `error` field: its stack where it has one. */
export function errorStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export interface LoggerOptions {
  /** The clock of the repeat interval (epoch ms). */
  now?: () => number;
  repeatIntervalMs?: number;
}

/**
 * Structured JSON lines on stdout, one object per event. The logger is a process resource (made
 * once, with the runtime): it holds when each repeating message was last written and how many were
 * left out since, one entry per message of the code.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l), options: LoggerOptions = {}): Logger {
  const now = options.now ?? Date.now;
  const interval = options.repeatIntervalMs ?? LOG_REPEAT_INTERVAL_MS;
  const repeats = new Map<string, { writtenAt: number; suppressed: number }>();
  const log = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (!writesLevel(level, lvl)) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })}\n`);
  };
  const levels = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  return {
    ...levels,
    repeating(lvl, msg, fields) {
      if (ORDER[lvl] < ORDER[level]) return;
      const at = now();
      const last = repeats.get(msg);
      if (last && at - last.writtenAt < interval) {
        last.suppressed += 1;
        return;
      }
      repeats.set(msg, { writtenAt: at, suppressed: 0 });
      levels[lvl](msg, last?.suppressed ? { ...fields, suppressed: last.suppressed } : fields);
    },
  };
}
