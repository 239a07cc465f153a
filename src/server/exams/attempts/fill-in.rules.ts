/**
 * Fill-in-the-blank matching a Chinese student would call fair: what differs only in how it was
 * typed is the same answer. NFKC folds full-width letters, digits and most full-width punctuation
 * (Ａ１，？！（）：；) to their ASCII forms; the map below folds what NFKC leaves as it is
 * (。、“”‘’—· and their relatives); case, surrounding spaces, runs of spaces, spaces next to
 * Chinese characters and trailing sentence punctuation are ignored. Nothing else is: a different
 * character, word or number is a different answer.
 */

const FOLD: Record<string, string> = {
  '。': '.',
  '、': ',',
  '“': '"',
  '”': '"',
  '„': '"',
  '「': '"',
  '」': '"',
  '『': '"',
  '』': '"',
  '‘': "'",
  '’': "'",
  '—': '-',
  '–': '-',
  '―': '-',
  '‐': '-',
  '−': '-',
  '─': '-',
  '·': '·',
  '・': '·',
  '•': '·',
  '‧': '·',
  '∙': '·',
  '《': '<',
  '》': '>',
  '〈': '<',
  '〉': '>',
  '【': '[',
  '】': ']',
  '〔': '(',
  '〕': ')',
  '〜': '~',
};

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const SPACE_BEFORE_CJK = new RegExp(` (?=[${CJK}])`, 'gu');
const SPACE_AFTER_CJK = new RegExp(`(?<=[${CJK}]) `, 'gu');

/** The form two blanks are compared in. */
export function normaliseBlank(text: string | null | undefined): string {
  if (!text) return '';
  let s = text.normalize('NFKC');
  s = Array.from(s, (c) => FOLD[c] ?? c).join('');
  s = s.toLowerCase().replace(/\s+/gu, ' ').trim();
  s = s.replace(SPACE_BEFORE_CJK, '').replace(SPACE_AFTER_CJK, '');
  // "串联。" and "串联" are the same answer; a blank that is only punctuation keeps it.
  const stripped = s.replace(/[.,;:!?]+$/u, '').trimEnd();
  return stripped || s;
}

/** One blank: the given text is the expected one, up to how it was typed. An empty answer is never right. */
export function blankMatches(given: string | null | undefined, expected: string | null | undefined): boolean {
  const g = normaliseBlank(given);
  return g !== '' && g === normaliseBlank(expected);
}

/** The blanks of an answer or key: the texts joined with '|'. */
export function splitBlanks(content: string | null | undefined): string[] {
  return (content ?? '').split('|');
}

/** How many blanks are right, of how many. */
export function matchBlanks(given: string | null | undefined, key: string | null | undefined): { right: number; of: number } {
  const expected = splitBlanks(key);
  const answers = splitBlanks(given);
  let right = 0;
  for (const [i, e] of expected.entries()) if (blankMatches(answers[i], e)) right++;
  return { right, of: expected.length };
}
