import type { RowAction } from './DataTable';

/** Which way an item of an ordered list moves: one place up or one place down. */
export type Direction = 'up' | 'down';

/** The ids of a list in their new order once the item at `index` moved one place that way. */
export function movedIds(items: readonly { id: string }[], index: number, direction: Direction): string[] {
  const ids = items.map((item) => item.id);
  const [id] = ids.splice(index, 1);
  ids.splice(direction === 'up' ? index - 1 : index + 1, 0, id!);
  return ids;
}

/**
 * An ordered list's 上移 and 下移 as a row's actions (`words`: the screen's words for them). Given
 * the item's place, the first cannot move up nor the last down; without it the server decides.
 */
export function moveActions(
  words: readonly [up: string, down: string],
  onMove: (direction: Direction) => void,
  place?: { index: number; count: number },
): RowAction[] {
  return [
    { label: words[0], onClick: () => onMove('up'), disabled: place !== undefined && place.index === 0 },
    { label: words[1], onClick: () => onMove('down'), disabled: place !== undefined && place.index === place.count - 1 },
  ];
}
