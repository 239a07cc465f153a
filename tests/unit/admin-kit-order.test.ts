import { describe, expect, it } from 'vitest';
import { moveActions, movedIds } from '~/islands/admin/kit/order';
import { textValues } from '~/islands/admin/kit/values';

/**
 * The kit's ordered lists (src/islands/admin/kit/order.ts): the new order a move asks the server
 * for, and which of 上移 / 下移 a row may use; and the text a staff form starts from.
 */
const items = ['a', 'b', 'c'].map((id) => ({ id }));

describe('moving an item of an ordered list', () => {
  it('puts the item one place up or down and keeps the others in their order', () => {
    expect(movedIds(items, 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(movedIds(items, 1, 'down')).toEqual(['a', 'c', 'b']);
    expect(movedIds(items, 0, 'down')).toEqual(['b', 'a', 'c']);
    expect(movedIds(items, 2, 'up')).toEqual(['a', 'c', 'b']);
    expect(items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('offers 上移 and 下移 in that order, the first unable to go up and the last unable to go down', () => {
    const asked: string[] = [];
    const at = (index: number) => moveActions(['上移', '下移'], (d) => asked.push(d), { index, count: items.length });
    const disabled = (index: number) => at(index).map((a) => 'onClick' in a && a.disabled);
    expect(at(1).map((a) => a.label)).toEqual(['上移', '下移']);
    expect(disabled(0)).toEqual([true, false]);
    expect(disabled(1)).toEqual([false, false]);
    expect(disabled(2)).toEqual([false, true]);
    for (const a of at(1)) if ('onClick' in a) a.onClick();
    expect(asked).toEqual(['up', 'down']);
  });

  it('leaves both usable when the place is not known (the server refuses a move past the end)', () => {
    expect(moveActions(['上移', '下移'], () => undefined).map((a) => 'onClick' in a && a.disabled)).toEqual([false, false]);
  });
});

describe('a form starting from a record', () => {
  it("takes each named text, '' where the record has none or there is no record", () => {
    const record = { name: '华夏', url: null as string | null, note: undefined as string | undefined, seq: 3 };
    expect(textValues(record, ['name', 'url', 'note'])).toEqual({ name: '华夏', url: '', note: '' });
    expect(textValues(null as typeof record | null, ['name', 'url'])).toEqual({ name: '', url: '' });
  });
});
