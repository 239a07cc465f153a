import { describe, expect, it } from 'vitest';
import { filledIn, withChange, type FilterField } from '~/islands/admin/kit/FilterBar';
import { listReducer, withRow, type ListState } from '~/islands/admin/kit/use-list-screen';

/**
 * The state of every admin list screen (src/islands/admin/kit): an answer counts only for the
 * latest query asked, asking again loads again, and a row put in place keeps the others.
 */
type Query = { current: number };
type Answer = { records: { id: string; name: string }[] };
const start: ListState<Query, Answer> = { query: { current: 1 }, asked: 0, data: null, error: null, busy: null };
const page = (...names: string[]): Answer => ({ records: names.map((name, i) => ({ id: String(i), name })) });

describe('the list screen state', () => {
  it('drops an answer to a query asked before the latest, so a slow page never overwrites a newer one', () => {
    const first = listReducer(start, { type: 'ask', query: { current: 2 } });
    const second = listReducer(first, { type: 'ask', query: { current: 3 } });
    const late = listReducer(second, { type: 'loaded', asked: first.asked, data: page('old') });
    expect(late.data).toBeNull();
    const fresh = listReducer(late, { type: 'loaded', asked: second.asked, data: page('new') });
    expect(fresh.data).toEqual(page('new'));
    expect(fresh.query).toEqual({ current: 3 });
    expect(listReducer(fresh, { type: 'failed', asked: first.asked, error: 'late refusal' }).error).toBeNull();
  });

  it('loads the same query again on reload, keeping what it shows until the answer comes, and clears a refusal', () => {
    const failed = listReducer(listReducer(start, { type: 'loaded', asked: 0, data: page('a') }), { type: 'failed', asked: 0, error: '系统繁忙' });
    expect(failed.error).toBe('系统繁忙');
    const again = listReducer(failed, { type: 'reload' });
    expect(again.asked).toBe(failed.asked + 1);
    expect(again.query).toBe(failed.query);
    expect(again.error).toBeNull();
    expect(again.data).toEqual(page('a'));
  });

  it('marks the row an action runs on, and puts a changed row in place of its own only', () => {
    expect(listReducer(start, { type: 'busy', id: '7' }).busy).toBe('7');
    expect(withRow(page('a', 'b'), { id: '1', name: 'B' })).toEqual({
      records: [
        { id: '0', name: 'a' },
        { id: '1', name: 'B' },
      ],
    });
  });

  it('asks only for the filters filled in, trimmed', () => {
    expect(filledIn({ q: '  王  ', role: '', from: ' ' })).toEqual({ q: '王' });
  });

  it('empties the filters that depend on one that changed (a class’s lessons), and only them', () => {
    const fields: FilterField<'classId' | 'lessonId' | 'q'>[] = [
      { name: 'classId', label: '班级', kind: 'select', options: [] },
      { name: 'lessonId', label: '课节', kind: 'select', dependsOn: 'classId', options: [] },
      { name: 'q', label: '搜索', kind: 'search', maxLength: 20 },
    ];
    const values = { classId: 'a', lessonId: 'l1', q: '王' };
    expect(withChange(values, fields, 'classId', 'b')).toEqual({ classId: 'b', lessonId: '', q: '王' });
    expect(withChange(values, fields, 'lessonId', 'l2')).toEqual({ classId: 'a', lessonId: 'l2', q: '王' });
    expect(values).toEqual({ classId: 'a', lessonId: 'l1', q: '王' });
  });
});
