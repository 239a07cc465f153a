import { z } from './zod';
import { given } from './parts';
import { t } from '~/lib/i18n/messages/admin-bank';
import { BANK_LIMITS as L } from '~/lib/exams/question-bank';
import type { ImportProblem } from '~/lib/exams/question-import';

/**
 * The forms of papers and works (src/islands/admin/bank): their fields' limits and messages,
 * written once for the routes that validate them and the screens that check them as they are
 * typed (schemaCheck). The routes receive counts as numbers; a screen's field holds the text typed,
 * so its form reads the text as the number it names (blank: none) before the same rule.
 */

/** A whole number from 1 to `max` (a time limit, a number of attempts). */
const count = (max: number, message: string) => z.number({ error: message }).int(message).min(1, message).max(max, message);

export const paperTitle = given(L.paperTitle, t('bank.titleRequired'), t('bank.titleTooLong', { max: L.paperTitle }));
export const groupTitle = given(L.groupTitle, t('bank.groupTitleRequired'), t('bank.groupTitleTooLong', { max: L.groupTitle }));
export const unitTime = count(L.unitTime, t('bank.badUnitTime', { max: L.unitTime }));
export const workTitle = given(L.workTitle, t('bank.work.titleRequired'), t('bank.work.titleTooLong', { max: L.workTitle }));
export const maxAttempts = count(L.maxAttempts, t('bank.work.badAttempts', { max: L.maxAttempts }));

/** A count's field as typed: blank is none, else the number the text names (anything else stays text and is refused). */
const typedCount = (rule: z.ZodNumber) =>
  z.preprocess((v) => (typeof v !== 'string' ? v : v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v) : v), rule.nullable());

/** A paper's own fields as the paper screen types them. */
export const paperForm = z.object({ title: paperTitle, unitTime: typedCount(unitTime) });
/** A work's fields as the works screen types them. */
export const workForm = z.object({ title: workTitle, unitTime: typedCount(unitTime), maxAttempts: typedCount(maxAttempts) });

/**
 * Why the bank's rules (checkQuestion, decision 048) refuse a question or an import row, in the words the route,
 * the CSV import and the question form all say it: the rule's sentence, and the sub-question it is in.
 */
export function questionRefusal(refused: { problem: ImportProblem; sub?: number | undefined }): string {
  const reason = t(`bank.problem.${refused.problem}`);
  return refused.sub ? t('bank.problem.inSub', { n: refused.sub, reason }) : reason;
}
