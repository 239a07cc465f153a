import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import type { AdminWorkLesson, QuickWorkInput } from '~/lib/api/contracts/admin-bank';
import type { StaffActor } from '../accounts/sessions.service';
import { quickQuestionIn } from '../../exams/questions/questions.service';
import { addQuestionsIn, createPaperIn } from '../../exams/papers/papers.admin.service';
import { lessonForNewWork, saveWorkIn } from '../../exams/works/works.admin.service';

/**
 * 快速出题 (decision 080): the question bank, papers and works composed for one staff call,
 * above the three (papers depend on works, so works cannot call papers).
 */

/**
 * A quick test: the work of a lesson with its questions written where it is set, in one
 * transaction: each question put in the school's bank (one already there is used as it is), a paper
 * of the work's title with them in one group at the points typed, and the work on that paper. Any
 * refusal (a question the bank's rules refuse, a lesson that has its work) leaves nothing behind.
 */
export function saveQuickWork(
  s: Scope,
  actor: StaffActor,
  classId: string,
  input: Omit<QuickWorkInput, 'closesAt'> & { closesAt: number | null },
): Promise<AdminWorkLesson[]> {
  return s.db.transaction().execute(async (trx) => {
    await lessonForNewWork(trx, s, actor, classId, input.classroomId);
    const points = new Map<string, number>();
    const ids: string[] = [];
    for (const [i, q] of input.questions.entries()) {
      const id = await quickQuestionIn(trx, s, actor, q, t('bank.quick.category')).catch((e: unknown) => {
        // The bank's refusal of one question names it: 第 n 题：….
        throw e instanceof AppError && e.code === ErrorCode.BAD_REQUEST ? AppError.badRequest(t('bank.quick.inQuestion', { n: i + 1, reason: e.message })) : e;
      });
      ids.push(id);
      if (q.examPoint !== undefined) points.set(id, q.examPoint);
    }
    const paper = await createPaperIn(trx, s, actor, {
      title: input.title,
      english: false,
      unitTime: input.unitTime ?? null,
      groups: [{ title: t('bank.quick.group') }],
    });
    await addQuestionsIn(trx, s, actor, paper.id, { groupId: paper.groups[0]!.id!, questionIds: ids, points });
    const { questions: _q, ...work } = input;
    return saveWorkIn(trx, s, actor, classId, { ...work, source: 'paper', paperId: paper.id, externalPaperId: null });
  });
}
