// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepRelativeTimes, showRelativeTimes } from '~/islands/time/relative-times';

/**
 * Publish times reach the browser as absolute times (the same bytes whenever the page was
 * rendered); the script writes "N分钟前" by the visitor's clock and keeps it current.
 */

const NOW = Date.UTC(2026, 10, 22, 2, 0, 0);
const MINUTE = 60_000;

function page(...times: number[]): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = times.map((ms) => `<time datetime="${new Date(ms).toISOString()}" data-relative>${new Date(ms).toISOString().slice(0, 16)}</time>`).join('');
  root.insertAdjacentHTML('beforeend', '<time datetime="2026-11-22T00:00:00.000Z">不动</time><time datetime="not a time" data-relative>原样</time>');
  document.body.replaceChildren(root);
  return root;
}
const texts = (root: HTMLElement) => [...root.querySelectorAll('time')].map((t) => t.textContent);

afterEach(() => vi.useRealTimers());

describe('relative publish times in the browser', () => {
  it('writes the relative words by the given clock into marked times only; unmarked and unreadable ones stay', () => {
    const root = page(NOW - 7_000, NOW - 5 * MINUTE, NOW - 3 * 60 * MINUTE, NOW - 10 * 24 * 60 * MINUTE);
    showRelativeTimes(root, NOW);
    expect(texts(root)).toEqual(['7秒前', '5分钟前', '3小时前', '11-12', '不动', '原样']);
  });

  it('asks to be run again in a second while a time counts seconds, else in half a minute', () => {
    expect(showRelativeTimes(page(NOW - 30_000), NOW)).toBe(1_000);
    expect(showRelativeTimes(page(NOW - 5 * MINUTE), NOW)).toBe(30_000);
  });

  it('keeps the words current while the page is open: a cached page read a minute later says so', () => {
    vi.useFakeTimers({ now: NOW });
    const root = page(NOW - 7_000);
    keepRelativeTimes(root);
    expect(texts(root)[0]).toBe('7秒前');
    vi.advanceTimersByTime(10_000);
    expect(texts(root)[0]).toBe('17秒前');
    vi.advanceTimersByTime(60_000);
    expect(texts(root)[0]).toBe('1分钟前');
  });
});
