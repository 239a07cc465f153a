import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';

/** Opens the first 大家说 video of the home page and answers its player. */
async function openFeedVideo(page: Page): Promise<{ dialog: Locator; player: Locator }> {
  await page.goto('/');
  const feed = page.getByRole('region', { name: '大家说', exact: true });
  await feed.scrollIntoViewIfNeeded();
  await feed.getByRole('button', { name: /^播放/ }).first().click();
  const dialog = page.getByRole('dialog');
  const player = dialog.locator('[data-media-player]');
  await expect(player).toBeVisible();
  // The layout is mounted once its play button is there.
  await expect(dialog.getByRole('button', { name: /^(播放|暂停)$/ }).first()).toBeAttached();
  return { dialog, player };
}

/**
 * Every piece of text the player gives a person or a screen reader: accessible names, value texts,
 * titles and visible or hidden text (tooltips, menus), except the video's own title.
 */
function playerTexts(player: Locator, videoTitle: string): Promise<string[]> {
  return player.evaluate((root, title) => {
    const out: string[] = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
      for (const name of ['aria-label', 'aria-valuetext', 'aria-roledescription', 'title', 'alt', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) out.push(`${name}=${value}`);
      }
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) out.push(`text=${text}`);
    }
    return out.map((s) => s.split(title).join('〈标题〉'));
  }, videoTitle);
}

/** English words: two Latin letters in a row (1x, 720p and the like are fine). */
const english = (texts: string[]) => texts.filter((s) => /[A-Za-z]{2,}/.test(s.replace(/^[a-z-]+=/, '')));

test.describe('video player', () => {
  test('every label is Chinese, the AirPlay and Google Cast buttons included', async ({ page }) => {
    const { dialog, player } = await openFeedVideo(page);
    // The dialog is titled with the video's title, which the player shows as given.
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
    const title = (await dialog.getByRole('heading').first().innerText()).trim();
    await expect(player).toHaveAttribute('aria-label', `视频播放器：${title}`);

    // Both remote-playback buttons exist (each shows only where the browser supports it).
    await expect(dialog.getByRole('button', { name: '隔空播放 未连接', includeHidden: true })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: '投屏 未连接', includeHidden: true })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: /AirPlay|Google Cast/, includeHidden: true })).toHaveCount(0);
    // The time slider is named and valued in Chinese once the video's length is known.
    const seek = dialog.getByRole('slider', { name: '播放进度', includeHidden: true });
    await expect(seek).toHaveAttribute('aria-valuetext', /^\d+秒，共(\d+小时)?(\d+分)?(\d+秒)?$/);

    expect(english(await playerTexts(player, title))).toEqual([]);

    // The settings menu and its sub-menus are in Chinese too. While the video plays, its controls
    // hide after two idle seconds, which a busy machine can spend between two steps (on a touch
    // screen nothing hovers to keep them); paused with the player's own key, they stay.
    await expect(player).toHaveAttribute('data-started');
    await player.focus();
    await page.keyboard.press('k');
    await expect(player).toHaveAttribute('data-paused');
    await expect(player).toHaveAttribute('data-controls');
    await dialog.getByRole('button', { name: '设置' }).first().click();
    const menu = dialog.getByRole('menu').first();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '倍速 正常' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '音频' })).toBeVisible();
    await menu.getByRole('menuitem', { name: '无障碍' }).click();
    await expect(
      dialog
        .getByRole('menuitemcheckbox', { name: '语音播报' })
        .or(dialog.getByRole('menuitem', { name: /语音播报/ }))
        .first(),
    ).toBeVisible();
    expect(english(await playerTexts(player, title))).toEqual([]);
  });
});
