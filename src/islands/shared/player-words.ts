import { t, player } from '~/lib/i18n/messages/player';

/** The player's Chinese words, pure (tests/unit/player-words.test.ts). */

/** The catalogue's layout words: every key but our own texts (player.text.*). */
type WordKey = Exclude<keyof typeof player, `player.text.${string}`>;
/** An English word of vidstack's layout that the catalogue translates. */
export type PlayerWord = WordKey extends `player.${infer W}` ? W : never;

const isWordKey = (key: string): key is WordKey => !key.startsWith('player.text.');

/** Every layout word under its English name, as vidstack's `translations` prop takes them. */
export const PLAYER_TRANSLATIONS = Object.fromEntries(
  Object.keys(player)
    .filter(isWordKey)
    .map((key) => [key.slice('player.'.length), t(key)]),
) as Record<PlayerWord, string>;

const UNITS = { hour: 'player.text.hours', min: 'player.text.minutes', sec: 'player.text.seconds' } as const;
/** vidstack's spoken time: "2 hour 3 min 4 sec" (any part may be missing). */
const SPOKEN = /(\d+) (hour|min|sec)\b/g;
const ENGLISH = /\d+ (?:hour|min|sec)\b|^live$/;

function spokenTime(text: string): string {
  return text.replace(SPOKEN, (_m, n: string, unit: keyof typeof UNITS) => t(UNITS[unit], { n })).replace(/(?<=[时分秒]) (?=\d)/g, '');
}

/**
 * The Chinese of a text vidstack speaks in English whatever its translations: the time slider's
 * value ("1 min 5 sec out of 3 min", "live") and the seek announcement ("快进 10 sec"). Anything
 * else comes back unchanged, so it is safe to apply to every such attribute it sets.
 */
export function chineseSpokenText(text: string): string {
  if (!ENGLISH.test(text)) return text;
  if (text === 'live') return t('player.text.live');
  const of = /^(.*) out of (.*)$/.exec(text);
  return of ? t('player.text.of', { time: spokenTime(of[1]!), duration: spokenTime(of[2]!) }) : spokenTime(text);
}
