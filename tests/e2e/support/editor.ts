import { expect, type Locator } from '@playwright/test';

/**
 * Pastes HTML into a rich-text editor as a browser does from another page's clipboard (the way
 * hostile markup reaches an editor that has no HTML source view): the editor decides what it keeps.
 */
export async function pasteHtml(editor: Locator, html: string): Promise<void> {
  await editor.click();
  await editor.press('ControlOrMeta+A');
  await editor.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/html', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/**
 * Waits until the rich-text editor itself holds a collapsed caret. The browser moves its caret at
 * once on a key like End, but the editor reads that move from a later selectionchange event; on a
 * busy machine the next key can arrive first and act on the old selection (Enter would replace the
 * selected words). The editor's instance is on its element (Tiptap puts it there for tests).
 */
export async function caretSettled(editor: Locator): Promise<void> {
  await expect
    .poll(() => editor.evaluate((el) => (el as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state.selection.empty))
    .toBe(true);
}
