import { describe, expect, test } from 'vitest';
import { PUBLICATION } from '~/lib/status';
import { ARTICLE_STATES, STATUS_OF_STATE, afterUnpublish, mayPublish, mayScheduleAt, publicationJobKey, stateOf } from '~/server/content/content-admin.rules';

describe('the life of a news item or notice', () => {
  test('every state has its own status and reads back as itself; an unknown status reads as withdrawn', () => {
    for (const state of ARTICLE_STATES) expect(stateOf(STATUS_OF_STATE[state])).toBe(state);
    expect(new Set(Object.values(STATUS_OF_STATE)).size).toBe(ARTICLE_STATES.length);
    expect(STATUS_OF_STATE.published).toBe(PUBLICATION.PUBLISHED);
    expect(stateOf(9)).toBe('withdrawn');
  });

  test('publishing now: anything not already published', () => {
    expect(mayPublish('draft')).toBeNull();
    expect(mayPublish('scheduled')).toBeNull();
    expect(mayPublish('withdrawn')).toBeNull();
    expect(mayPublish('published')).toBe('alreadyPublished');
  });

  test('scheduling: not a live item, and only for a time after now (the boundary is refused)', () => {
    expect(mayScheduleAt('draft', 1001, 1000)).toBeNull();
    expect(mayScheduleAt('scheduled', 1001, 1000)).toBeNull();
    expect(mayScheduleAt('withdrawn', 1001, 1000)).toBeNull();
    expect(mayScheduleAt('draft', 1000, 1000)).toBe('timeNotFuture');
    expect(mayScheduleAt('draft', 999, 1000)).toBe('timeNotFuture');
    expect(mayScheduleAt('published', 5000, 1000)).toBe('publishedCannotSchedule');
  });

  test('unpublishing: a published item is withdrawn, a scheduled one goes back to draft, others are refused', () => {
    expect(afterUnpublish('published')).toBe('withdrawn');
    expect(afterUnpublish('scheduled')).toBe('draft');
    expect(afterUnpublish('draft')).toBe('notPublished');
    expect(afterUnpublish('withdrawn')).toBe('notPublished');
  });

  test('one publication job per item, news and notices apart', () => {
    expect(publicationJobKey('news', 'a1')).toBe('news:a1');
    expect(publicationJobKey('notice', 'a1')).not.toBe(publicationJobKey('news', 'a1'));
  });
});
