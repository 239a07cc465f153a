import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { CHOICE_QUESTION_TYPES, type GivenAnswer } from '~/lib/api/contracts/exams';
import { isGiven, sameAnswer } from '~/lib/exams/paper';
import type { ShownQuestion } from '../shared/QuestionView';
import type { Loaded } from './load-attempt';

/** A typed answer is sent this long after the last keystroke; a choice at once. */
const TYPING_PAUSE_MS = 800;

/**
 * The answers on the screen and their way to the server: every change is queued on the device
 * first (the queue keeps it until the server has it), then sent, a choice at once and typing after
 * a pause. The screen is drawn again whenever the queue's state changes, and shows the answers
 * another tab or device changed. Nothing changes once `handingIn` is set.
 */
export function useAnswerSaving(loaded: Loaded, handingIn: RefObject<boolean>) {
  const { queue, workId, xskt } = loaded;
  const [answers, setAnswers] = useState(loaded.answers);
  const sendTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [, setVersion] = useState(0);
  useEffect(() => queue.subscribe(() => setVersion((v) => v + 1)), [queue]);
  // Another tab or device changed an answer (or a closed tab left one here): the screen shows it.
  useEffect(() => queue.onReplace((questionId, answer) => setAnswers((m) => new Map(m).set(questionId, answer))), [queue]);

  const flushNow = useCallback(() => {
    if (sendTimer.current) clearTimeout(sendTimer.current);
    sendTimer.current = null;
    return queue.flush();
  }, [queue]);

  const sendSoon = (ms: number) => {
    if (sendTimer.current) clearTimeout(sendTimer.current);
    sendTimer.current = setTimeout(() => void flushNow(), ms);
  };

  // Answers kept from an earlier visit go to the server as soon as the screen opens.
  useEffect(() => {
    void flushNow();
    const back = () => void queue.retryNow();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [queue, flushNow]);

  const onAnswer = (question: ShownQuestion, answer: GivenAnswer) => {
    if (handingIn.current) return;
    const before = answers.get(question.id);
    if (sameAnswer(before, answer)) return;
    setAnswers((m) => new Map(m).set(question.id, answer));
    // An answer is queued only when it has text or a chosen option. Taking back an
    // answer the server may already hold is queued too, or a reload would bring the old one back.
    if (!isGiven(answer) && !isGiven(before)) return;
    const choice = CHOICE_QUESTION_TYPES.includes(question.questionType);
    void queue.change(question.id, question.questionUnitId ?? '', workId, answer).then(() => {
      if (!xskt) sendSoon(choice ? 0 : TYPING_PAUSE_MS);
    });
  };

  return { answers, onAnswer, flushNow };
}
