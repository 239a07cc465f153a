import { describe, expect, test } from 'vitest';
import { addVary, etagMatches, pageCacheControl, weakEtag } from '~/server/http/page-cache';

describe('pageCacheControl', () => {
  test('a positive max-age lets shared caches keep the page and serve it stale while revalidating', () => {
    expect(pageCacheControl(60)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(pageCacheControl(1)).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
  });

  test('zero means revalidate every time', () => {
    expect(pageCacheControl(0)).toBe('no-cache');
  });
});

describe('weakEtag', () => {
  test('is a weak tag that depends only on the body', () => {
    const tag = weakEtag('<p>a</p>');
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(weakEtag('<p>a</p>')).toBe(tag);
    expect(weakEtag(new TextEncoder().encode('<p>a</p>'))).toBe(tag);
    expect(weakEtag('<p>b</p>')).not.toBe(tag);
    expect(weakEtag('')).not.toBe(tag);
  });
});

describe('etagMatches', () => {
  const tag = weakEtag('body');
  const bare = tag.replace(/^W\//, '');

  test('matches the same tag, weak or strong (weak comparison)', () => {
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(bare, tag)).toBe(true);
    expect(etagMatches(` ${tag} `, tag)).toBe(true);
  });

  test('matches a tag inside a list, and *', () => {
    expect(etagMatches(`W/"other", ${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
  });

  test('does not match other tags or no header', () => {
    expect(etagMatches(null, tag)).toBe(false);
    expect(etagMatches('', tag)).toBe(false);
    expect(etagMatches('W/"other"', tag)).toBe(false);
    expect(etagMatches(weakEtag('other body'), tag)).toBe(false);
    expect(etagMatches(`${bare.slice(0, -2)}"`, tag)).toBe(false);
  });
});

describe('addVary', () => {
  test('adds a header name once', () => {
    expect(addVary(null, 'Host')).toBe('Host');
    expect(addVary('', 'Host')).toBe('Host');
    expect(addVary('Accept-Encoding', 'Host')).toBe('Accept-Encoding, Host');
    expect(addVary('Accept-Encoding, Host', 'Host')).toBe('Accept-Encoding, Host');
    expect(addVary(' Accept-Encoding ,Host ', 'Host')).toBe('Accept-Encoding, Host');
  });
});
