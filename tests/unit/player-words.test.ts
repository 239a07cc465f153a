import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYER_TRANSLATIONS, chineseSpokenText } from '~/islands/shared/player-words';

/**
 * The words vidstack's default layout looks up, read from the installed vidstack itself: the
 * literal words of its components, the font settings' labels and choices, and the remote-playback
 * states it capitalises into a word (AirPlay and Google Cast buttons). So an update that adds a word
 * outside the layout's type list fails here instead of showing English.
 */
function layoutWords(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('@vidstack/react/package.json'));
  const source = readFileSync(join(root, 'prod/player/vidstack-default-components.js'), 'utf8');
  const words = new Set<string>();
  for (const m of source.matchAll(/(?:useDefaultLayoutWord|i18n)\((?:translations, )?"([^"]+)"\)/g)) words.add(m[1]!);
  // The font settings: label: "Family", … and the radio choices of FONT_FAMILY_OPTION and FONT_TEXT_SHADOW_OPTION.
  const fonts = source.slice(source.indexOf('const FONT_COLOR_OPTION'), source.indexOf('const FONT_DEFAULTS'));
  expect(fonts.length).toBeGreaterThan(0);
  for (const m of fonts.matchAll(/"([A-Z][^"]*)"|\b([A-Z][a-z]+):/g)) words.add((m[1] ?? m[2])!);
  for (const m of source.matchAll(/\blabel: "([^"]+)"/g)) words.add(m[1]!);
  for (const state of ['disconnected', 'connecting', 'connected']) words.add(state[0]!.toUpperCase() + state.slice(1));
  return [...words];
}

const translations: Record<string, string> = PLAYER_TRANSLATIONS;

describe('the video player speaks Chinese', () => {
  it('every word of the installed default layout has a Chinese translation', () => {
    const words = layoutWords();
    // The extraction works: the words of the issue and a few others are among them.
    for (const w of ['AirPlay', 'Google Cast', 'Play', 'Seek', 'Audio Boost', 'Monospaced Serif', 'Drop Shadow', 'Family']) expect(words).toContain(w);
    const missing = words.filter((w) => !translations[w]);
    expect(missing).toEqual([]);
  });

  it('no translation is English (nothing but Chinese, digits and punctuation)', () => {
    const english = Object.entries(translations).filter(([, zh]) => /[A-Za-z]/.test(zh));
    expect(english).toEqual([]);
    expect(translations['AirPlay']).toBe('隔空播放');
    expect(translations['Google Cast']).toBe('投屏');
  });

  it("says vidstack's spoken times in Chinese", () => {
    expect(chineseSpokenText('0 sec out of 1 min 5 sec')).toBe('0秒，共1分5秒');
    expect(chineseSpokenText('1 hour 2 min 3 sec out of 2 hour')).toBe('1小时2分3秒，共2小时');
    expect(chineseSpokenText('live')).toBe('直播');
    expect(chineseSpokenText('快进 10 sec')).toBe('快进 10秒');
    expect(chineseSpokenText('快退 1 min 30 sec')).toBe('快退 1分30秒');
  });

  it('leaves everything else as it is', () => {
    for (const text of ['播放', '50%', '1x', '播放: 十周年校庆 second', 'Seconds', '3 minutes', '']) expect(chineseSpokenText(text)).toBe(text);
  });
});
