import type { SavedAnswer } from '../api/contracts/exams';

/**
 * The tabs of one browser answering the same attempt tell each other at once what the server has
 * just kept (decision 052): a tab whose answer another tab replaced shows the kept one (and
 * 已在其他页面修改) without waiting for its next re-check. A BroadcastChannel per attempt; the
 * message is what the server acknowledged, so a tab believes it only as far as its queue's rule
 * does (a newer revision, nothing of its own waiting). Without BroadcastChannel (an old browser) the
 * tab learns it as another device does: on focus, at its time events, and after its own saves.
 */

const CHANNEL_PREFIX = 'dcs-exams-answers:';

interface News {
  /** The tab that sent it (a tab ignores its own). */
  from: string;
  answers: SavedAnswer[];
}

export interface AnswerChannel {
  /** Tells the attempt's other tabs what the server has kept from this one. */
  tell(answers: SavedAnswer[]): void;
  close(): void;
}

const isSaved = (a: unknown): a is SavedAnswer => {
  const x = a as Partial<SavedAnswer> | null;
  return (
    !!x &&
    typeof x.questionId === 'string' &&
    typeof x.revision === 'number' &&
    typeof x.seq === 'number' &&
    typeof x.clientId === 'string' &&
    !!x.questionAnswerVO &&
    Array.isArray(x.questionAnswerVO.optionList)
  );
};

/** Opens the attempt's channel for the writer `self`; `onNews` gets what other tabs say the server kept. */
export function answerChannel(attemptId: string, self: string, onNews: (answers: SavedAnswer[]) => void): AnswerChannel {
  if (typeof BroadcastChannel === 'undefined') return { tell: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(`${CHANNEL_PREFIX}${attemptId}`);
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const news = e.data as Partial<News> | null;
    if (!news || news.from === self || !Array.isArray(news.answers)) return;
    const answers = news.answers.filter(isSaved);
    if (answers.length) onNews(answers);
  };
  return {
    tell: (answers) => channel.postMessage({ from: self, answers } satisfies News),
    close: () => channel.close(),
  };
}
