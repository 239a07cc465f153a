import { describe, expect, test } from 'vitest';
import { createLogger, LOG_REPEAT_INTERVAL_MS } from '~/server/logger';

/**
 * The logger's repeating lines (src/server/logger.ts): a message that repeats for as long as its
 * cause lasts (the database down: one per request) is written once per interval, the next line
 * saying how many were left out. The clock is the test's own.
 */

function captured(level: 'debug' | 'warn' | 'error' = 'debug') {
  const clock = { now: 1_700_000_000_000 };
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, (line) => lines.push(JSON.parse(line) as Record<string, unknown>), { now: () => clock.now });
  return { clock, lines, logger };
}

describe('repeating log lines', () => {
  test('one line per interval for each message, the next one counting those left out', () => {
    const { clock, lines, logger } = captured();
    for (let i = 0; i < 50; i++) {
      logger.repeating('warn', 'database unavailable', { path: `/api/x/${i}` });
      clock.now += 100;
    }
    // 50 requests in 5 s: the first is written, 49 are left out.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'database unavailable', path: '/api/x/0' });
    expect(lines[0]).not.toHaveProperty('suppressed');

    clock.now += LOG_REPEAT_INTERVAL_MS;
    logger.repeating('warn', 'database unavailable', { path: '/api/y' });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ msg: 'database unavailable', path: '/api/y', suppressed: 49 });

    // Another message has its own interval; a plain line is never held back.
    logger.repeating('error', 'database not reachable at start; will try again', {});
    logger.warn('database unavailable', { plain: true });
    expect(lines.map((l) => l['msg'])).toEqual([
      'database unavailable',
      'database unavailable',
      'database not reachable at start; will try again',
      'database unavailable',
    ]);
  });

  test('just inside the interval is left out, at its end the next is written', () => {
    const { clock, lines, logger } = captured();
    logger.repeating('error', 'job runner failed');
    clock.now += LOG_REPEAT_INTERVAL_MS - 1;
    logger.repeating('error', 'job runner failed');
    expect(lines).toHaveLength(1);
    clock.now += 1;
    logger.repeating('error', 'job runner failed');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ suppressed: 1 });
    clock.now += LOG_REPEAT_INTERVAL_MS;
    logger.repeating('error', 'job runner failed');
    expect(lines[2]).not.toHaveProperty('suppressed');
  });

  test('a level the logger does not write is neither written nor counted', () => {
    const { clock, lines, logger } = captured('error');
    logger.repeating('warn', 'database unavailable');
    clock.now += LOG_REPEAT_INTERVAL_MS;
    logger.repeating('error', 'database unavailable');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty('suppressed');
  });
});
