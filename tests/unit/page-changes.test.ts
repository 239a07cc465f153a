import { describe, expect, test } from 'vitest';
import { formatCacheTags, isCacheTag, parseCacheTags } from '~/server/http/cache-tags';
import {
  NOTIFY_PAYLOAD_MAX_BYTES,
  PAGE_KINDS,
  decodeChange,
  encodeChange,
  kindTag,
  pageTags,
  purgeTagsOf,
  schoolTag,
  type PageChange,
} from '~/server/events/page-changes';
import { createLocalPageChangeBus } from '~/server/events/page-change-bus';
import { createLogger } from '~/server/logger';

/** The cache tags of pages, the tags a change drops, and the message that carries a change to other instances. */

const SCHOOL = '1764000000000123456789012';

describe('page tags', () => {
  test('a page is tagged with its school and each kind it shows, and with the other schools it names', () => {
    expect(pageTags(SCHOOL, { kinds: ['news', 'catalogue'] })).toEqual([`s:${SCHOOL}`, `s:${SCHOOL}:news`, `s:${SCHOOL}:catalogue`]);
    expect(pageTags(SCHOOL, { kinds: [], schools: ['7', '8'] })).toEqual([`s:${SCHOOL}`, 's:7', 's:8']);
  });

  test('a page that said nothing is tagged with every kind: any change of its school drops it', () => {
    expect(pageTags(SCHOOL, undefined)).toEqual([schoolTag(SCHOOL), ...PAGE_KINDS.map((k) => kindTag(SCHOOL, k))]);
  });

  test('every tag is a valid cache tag (no comma, no space), lower case', () => {
    for (const tag of pageTags('AbC_1-2', undefined)) {
      expect(isCacheTag(tag), tag).toBe(true);
      expect(tag).toBe(tag.toLowerCase());
    }
  });

  test('the header lists them with commas; reading it back trims, lower-cases, drops blanks and repeats', () => {
    expect(formatCacheTags(['s:1', 's:1:news', 's:1'])).toBe('s:1,s:1:news');
    expect(parseCacheTags(' S:1 , s:1:news,,s:1, ')).toEqual(['s:1', 's:1:news']);
    expect(parseCacheTags(['s:1', 's:2:news'])).toEqual(['s:1', 's:2:news']);
    expect(parseCacheTags(undefined)).toEqual([]);
    expect(parseCacheTags('a b,c')).toEqual(['c']);
  });
});

describe('what a change drops', () => {
  test('some kinds: the pages of those kinds of that school', () => {
    expect(purgeTagsOf({ schoolId: SCHOOL, kinds: ['news', 'news', 'media'] })).toEqual([`s:${SCHOOL}:news`, `s:${SCHOOL}:media`]);
  });
  test('the school itself: every page of the school', () => {
    expect(purgeTagsOf({ schoolId: SCHOOL, kinds: 'all' })).toEqual([`s:${SCHOOL}`]);
  });
  test('every school (a listener that may have missed changes): everything', () => {
    expect(purgeTagsOf({ schoolId: null, kinds: 'all' })).toBe('all');
  });
});

describe('the message to other instances', () => {
  const changes: PageChange[] = [
    { schoolId: SCHOOL, kinds: ['news'] },
    { schoolId: SCHOOL, kinds: [...PAGE_KINDS] },
    { schoolId: SCHOOL, kinds: 'all' },
    { schoolId: null, kinds: 'all' },
  ];

  test.each(changes)('%j goes there and back unchanged, with the instance that made it, well under the NOTIFY limit', (change) => {
    const text = encodeChange(change, 'instance-1');
    expect(Buffer.byteLength(text)).toBeLessThan(NOTIFY_PAYLOAD_MAX_BYTES);
    expect(decodeChange(text)).toEqual({ change, origin: 'instance-1' });
  });

  test.each([
    ['not JSON', '{'],
    ['not an object', '"s"'],
    ['no origin', JSON.stringify({ s: SCHOOL, k: ['news'] })],
    ['an unknown kind', JSON.stringify({ o: 'x', s: SCHOOL, k: ['news', 'secrets'] })],
    ['kinds not a list', JSON.stringify({ o: 'x', s: SCHOOL, k: 'news' })],
    ['a school id with odd characters', JSON.stringify({ o: 'x', s: '1,s:2', k: ['news'] })],
    ['every school with some kinds', JSON.stringify({ o: 'x', s: null, k: ['news'] })],
  ])('a message with %s is ignored', (_name, text) => {
    expect(decodeChange(text)).toBeNull();
  });
});

describe('the in-process bus (one instance)', () => {
  test('a change reaches every listener as made here; a failing listener neither stops the others nor the publisher', async () => {
    const errors: string[] = [];
    const logger = { ...createLogger('silent'), error: (msg: string) => errors.push(msg) };
    const bus = createLocalPageChangeBus(() => logger);
    const heard: unknown[] = [];
    bus.subscribe(() => {
      throw new Error('broken listener');
    });
    const stop = bus.subscribe((change, origin) => heard.push([change, origin]));
    await bus.publish({ schoolId: SCHOOL, kinds: ['news'] });
    stop();
    await bus.publish({ schoolId: SCHOOL, kinds: ['media'] });
    expect(heard).toEqual([[{ schoolId: SCHOOL, kinds: ['news'] }, 'here']]);
    expect(errors).toEqual(['page change listener failed', 'page change listener failed']);
  });
});
