import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/** The one inner padding of every dialog's body (src/islands/shared/Modal.tsx). */
const DIALOG_PADDING = '16px';

/**
 * A dialog as every dialog looks: its body has the Modal's one padding (the caller adds none: its
 * content starts that far inside the body), and its buttons read 取消 first and the main action
 * last, on the right. Fails when a footer puts the main action first. Boxes are measured, not
 * glyphs (the test browser has no CJK fonts).
 */
export async function expectDialogLayout(dialog: Locator, main: string): Promise<void> {
  const found = await dialog.evaluate((d, mainText) => {
    const body = d.querySelector<HTMLElement>('[data-dialog-body]');
    if (!body) return null;
    const style = getComputedStyle(body);
    const first = body.firstElementChild as HTMLElement | null;
    const words = (b: Element) => (b.textContent ?? '').trim();
    const buttons = [...body.querySelectorAll('button')].filter((b) => b.getClientRects().length > 0);
    const cancel = buttons.find((b) => words(b) === '取消');
    const primary = buttons.find((b) => words(b) === mainText);
    const row = cancel && primary ? [...(cancel.parentElement?.children ?? [])].filter((e) => e.tagName === 'BUTTON') : [];
    const box = (e: Element | undefined) => (e ? e.getBoundingClientRect() : null);
    const bodyBox = body.getBoundingClientRect();
    const firstBox = box(first ?? undefined);
    return {
      padding: [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft],
      // The caller's content adds no padding of its own: its box starts at the body's padding.
      inset: firstBox ? Math.round(firstBox.left - bodyBox.left) : null,
      order: row.map(words),
      cancel: box(cancel),
      primary: box(primary),
    };
  }, main);
  expect(found, 'the dialog has the Modal body').not.toBeNull();
  const { padding, inset, order, cancel, primary } = found!;
  expect(padding).toEqual([DIALOG_PADDING, DIALOG_PADDING, DIALOG_PADDING, DIALOG_PADDING]);
  expect(inset).toBe(Number.parseInt(DIALOG_PADDING, 10));
  expect(cancel, 'a 取消 button').not.toBeNull();
  expect(primary, `a ${main} button`).not.toBeNull();
  expect(order[0], `取消 first in ${order.join(' | ')}`).toBe('取消');
  expect(order.at(-1), `${main} last in ${order.join(' | ')}`).toBe(main);
  // On one row the main action is right of 取消; wrapped (a narrow phone), it is on a later row.
  if (Math.abs(cancel!.y - primary!.y) < 1) expect(primary!.x).toBeGreaterThan(cancel!.x);
  else expect(primary!.y).toBeGreaterThan(cancel!.y);
}
