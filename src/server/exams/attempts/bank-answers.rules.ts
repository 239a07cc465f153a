import { CHOICE_QUESTION_TYPES, type GivenAnswer, type Paper, type Question, type QuestionType } from '~/lib/api/contracts/exams';

/**
 * The external bank's answers as the review reads them. The bank takes one text per question
 * (`user_answer`): a choice's option keys joined with ',' ('A', 'A,B,D', '1' for true), the
 * typed text otherwise. The review reads a choice from its chosen keys, so a choice's text is
 * split back into keys; without that a right choice reads as unanswered. Pure.
 */

/** The bank's text for a question of this type as the answer the review reads. */
export function bankAnswerOf(questionType: number | undefined, userAnswer: string): GivenAnswer {
  if (questionType !== undefined && CHOICE_QUESTION_TYPES.includes(questionType)) {
    const keys = userAnswer
      .split(/[,，]/)
      .map((k) => k.trim())
      .filter(Boolean);
    return { content: null, optionList: [...new Set(keys)] };
  }
  return { content: userAnswer, optionList: [] };
}

/** An answer kept before choices were split (its keys still in the text) as the review reads it; others unchanged. */
export function reviewedBankAnswer(questionType: number | undefined, kept: GivenAnswer): GivenAnswer {
  if (kept.optionList.length || kept.content === null) return kept;
  // bankAnswerOf keeps the text of any other type as it is (the same answer as `kept`).
  return bankAnswerOf(questionType, kept.content);
}

/** Every question and sub-question of a bank paper as the review holds it, by id, with its type. */
export function bankQuestionTypes(map: Paper['questionResultVOMap']): Map<string, QuestionType> {
  const types = new Map<string, QuestionType>();
  const walk = (q: Question) => {
    types.set(q.id, q.questionType);
    q.readQuestionList.forEach(walk);
  };
  for (const list of Object.values(map)) for (const q of list ?? []) walk(q);
  return types;
}
