import type { Locator } from '@playwright/test';

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
