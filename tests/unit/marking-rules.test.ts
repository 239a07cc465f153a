import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MARK_STEP, markRefusal, markingStateOf, parseScore } from '~/lib/exams/marking';
import { SCORE_RULES } from '~/lib/exams/attempt-policy';
import { answerable, leavesNeedingHand, scorePaper, type GivenAnswer, type HandMark, type KeyedQuestion } from '~/server/exams/attempts/scoring.rules';
import { scoresCsv } from '~/server/exams/marking/marking.rules';
import { scorePaper as scoredBeforeMarking } from '../fixtures/scoring-before-marking';

/**
 * Marking's pure rules (decision 047): the score bounds, an attempt's marking state, the scores
 * CSV, and the one scoring rule: with teachers' marks, a paper's total is every leaf's mark (else
 * its automatic score) added up, pending exactly while a leaf nobody can mark automatically has no
 * mark; without marks, every total is what it was before marking existed.
 */

describe('a score for a question', () => {
  test.each([
    [0, 10, null],
    [10, 10, null],
    [9.5, 10, null],
    [0.5, 1, null],
    [-0.5, 10, 'negative'],
    [10.5, 10, 'overPoints'],
    [7.25, 10, 'notHalf'],
    [3.3, 10, 'notHalf'],
    [Number.NaN, 10, 'notNumber'],
    [Number.POSITIVE_INFINITY, 10, 'notNumber'],
  ] as const)('%s of %s: %s', (score, points, refusal) => {
    expect(markRefusal(score, points)).toBe(refusal);
  });

  test('the step is half a point and the typed text is read strictly', () => {
    expect(MARK_STEP).toBe(0.5);
    expect(parseScore(' 7.5 ')).toBe(7.5);
    expect(parseScore('8')).toBe(8);
    expect(parseScore('')).toBeNaN();
    expect(parseScore('1e3')).toBeNaN();
    expect(parseScore('-1')).toBeNaN();
    expect(parseScore('七')).toBeNaN();
  });

  test('a score of two or three digits is read whole, with or without its half point', () => {
    expect(parseScore('35')).toBe(35);
    expect(parseScore('10.5')).toBe(10.5);
    expect(parseScore('100')).toBe(100);
    expect(parseScore('7.25')).toBe(7.25);
    for (const bad of ['7.', '.5', '1.2.3', '3 5', '+5']) expect(parseScore(bad)).toBeNaN();
  });
});

describe("an attempt's marking state", () => {
  test('released once reviewed; else marked when every needed question has a mark', () => {
    expect(markingStateOf(true, ['a'], new Set())).toBe('released');
    expect(markingStateOf(false, ['a', 'b'], new Set(['a']))).toBe('waiting');
    expect(markingStateOf(false, ['a', 'b'], new Set(['a', 'b', 'c']))).toBe('marked');
    // A manually graded paper without short answers: nothing to wait for, ready to release.
    expect(markingStateOf(false, [], new Set())).toBe('marked');
  });
});

describe('the scores CSV', () => {
  const words = {
    name: '姓名',
    mobile: '手机号',
    attempts: '作答次数',
    attempt: (n: number) => `第${n}次`,
    counted: '计入成绩',
    pending: '待阅卷',
    answering: '作答中',
  };
  test('a column per attempt of the busiest student; each attempt’s score, 待阅卷 or 作答中; the counted score by the rule', () => {
    const text = scoresCsv(
      [
        { id: 'a', name: '张三', mobile: '13800000001' },
        { id: 'b', name: '李四', mobile: '138****0002' },
        { id: 'c', name: '=王五', mobile: '13800000003' },
      ],
      [
        { classStudentId: 'a', attemptNo: 2, status: 1, score: null },
        { classStudentId: 'a', attemptNo: 1, status: 2, score: 80 },
        { classStudentId: 'b', attemptNo: 1, status: 0, score: null },
      ],
      SCORE_RULES.HIGHEST,
      words,
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      '姓名,手机号,作答次数,第1次,第2次,计入成绩',
      '张三,13800000001,2,80,待阅卷,80',
      '李四,138****0002,1,作答中,,',
      // A name that a spreadsheet would run as a formula is guarded.
      "'=王五,13800000003,0,,,",
      '',
    ]);
  });
  test('the last attempt counts under "last": a pending one is 待阅卷', () => {
    const text = scoresCsv(
      [{ id: 'a', name: '张三', mobile: '1' }],
      [
        { classStudentId: 'a', attemptNo: 1, status: 2, score: 80 },
        { classStudentId: 'a', attemptNo: 2, status: 1, score: null },
      ],
      SCORE_RULES.LAST,
      words,
    );
    expect(text.slice(1).split('\r\n')[1]).toBe('张三,1,2,80,待阅卷,待阅卷');
  });
  test('an attempt shows its score only when released with one: a score not yet released, or a release without one, is 待阅卷', () => {
    const text = scoresCsv(
      [{ id: 'a', name: '张三', mobile: '1' }],
      [
        { classStudentId: 'a', attemptNo: 1, status: 1, score: 70 },
        { classStudentId: 'a', attemptNo: 2, status: 2, score: null },
        { classStudentId: 'a', attemptNo: 3, status: 2, score: 60 },
      ],
      SCORE_RULES.FIRST,
      words,
    );
    expect(text.slice(1).split('\r\n')[1]).toMatch(/^张三,1,3,待阅卷,待阅卷,60,/);
  });
});

// --- The one scoring rule, over generated papers, answers and marks ---------------------------

const KEYS = ['A', 'B', 'C', 'D'];
const leafArb = (id: string): fc.Arbitrary<KeyedQuestion> =>
  fc
    .record({
      type: fc.constantFrom(1, 2, 3, 4, 6),
      points: fc.integer({ min: 0, max: 20 }),
      keys: fc.subarray(KEYS, { minLength: 1 }),
      blanks: fc.array(fc.constantFrom('电压', '相序', 'U/R', ''), { minLength: 1, maxLength: 3 }),
    })
    .map(({ type, points, keys, blanks }) => ({
      id,
      questionType: type,
      examPoint: points,
      answerOptions: type === 1 || type === 3 ? keys.slice(0, 1) : type === 2 ? keys : [],
      answerContent: type === 4 ? blanks.join('|') : type === 6 ? '参考答案' : null,
      subs: [],
    }));

const paperArb: fc.Arbitrary<KeyedQuestion[]> = fc
  .integer({ min: 1, max: 6 })
  .chain((n) =>
    fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        fc
          .boolean()
          .chain((reading) =>
            reading
              ? fc
                  .tuple(leafArb(`q${i}a`), leafArb(`q${i}b`))
                  .map((subs): KeyedQuestion => ({ id: `q${i}`, questionType: 11, examPoint: 0, answerOptions: [], answerContent: null, subs }))
              : leafArb(`q${i}`),
          ),
      ),
    ),
  );

const answerArb: fc.Arbitrary<GivenAnswer> = fc.record({
  optionList: fc.subarray(KEYS),
  content: fc.option(fc.constantFrom('电压', '相序|电压', 'U/R', '  ', '简答'), { nil: null }),
});

/** A paper with answers for some of its leaves and teachers' marks (within each leaf's points, in halves) for some. */
const markedPaperArb = paperArb.chain((paper) => {
  const leaves = answerable(paper);
  return fc
    .tuple(
      ...leaves.map((leaf) =>
        fc.tuple(fc.option(answerArb, { nil: undefined }), fc.option(fc.integer({ min: 0, max: leaf.examPoint * 2 }), { nil: undefined })),
      ),
    )
    .map((per) => {
      const answers = new Map<string, GivenAnswer>();
      const marks = new Map<string, HandMark>();
      per.forEach(([a, halves], i) => {
        if (a) answers.set(leaves[i]!.id, a);
        if (halves !== undefined) marks.set(leaves[i]!.id, { score: halves / 2 });
      });
      return { paper, answers, marks };
    });
});

const round2 = (n: number) => Math.round(n * 100) / 100;

describe('one scoring rule for submission and marking', () => {
  test('with marks: each leaf counts its mark, else its automatic score; pending exactly while a hand-marked leaf has no mark', () => {
    fc.assert(
      fc.property(markedPaperArb, fc.boolean(), ({ paper, answers, marks }, partialMultiple) => {
        const auto = scorePaper(paper, answers, { partialMultiple });
        const autoOf = new Map(auto.results.map((r) => [r.questionId, r.score]));
        const leaves = answerable(paper);
        const leafScores = leaves.map((l) => marks.get(l.id)?.score ?? autoOf.get(l.id) ?? null);
        const pending = leafScores.some((x) => x === null);
        const marked = scorePaper(paper, answers, { partialMultiple, marks });
        expect(marked.pending).toBe(pending);
        // Rounded per question and sub-question as the rule does, then added up.
        expect(marked.score).toBe(pending ? null : round2(leafScores.reduce<number>((sum, x) => sum + (x ?? 0), 0)));
        // The questions that need a hand mark are exactly those without an automatic score.
        expect(leavesNeedingHand(paper)).toEqual(leaves.filter((l) => autoOf.get(l.id) === null).map((l) => l.id));
        // Answered counts do not depend on the marks.
        expect([marked.answered, marked.total]).toEqual([auto.answered, auto.total]);
      }),
      { numRuns: 300 },
    );
  });

  test('without marks every result is what the scoring gave before marking existed', () => {
    fc.assert(
      fc.property(markedPaperArb, fc.boolean(), ({ paper, answers }, partialMultiple) => {
        const before = scoredBeforeMarking(paper, answers, { partialMultiple });
        expect(scorePaper(paper, answers, { partialMultiple })).toEqual(before);
        expect(scorePaper(paper, answers, { partialMultiple, marks: new Map() })).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  test('a teacher’s full points is right, less is wrong; a reading question sums its marked sub-questions', () => {
    const paper: KeyedQuestion[] = [
      { id: 'q', questionType: 6, examPoint: 10, answerOptions: [], answerContent: '参考', subs: [] },
      {
        id: 'r',
        questionType: 11,
        examPoint: 0,
        answerOptions: [],
        answerContent: null,
        subs: [
          { id: 'r1', questionType: 1, examPoint: 5, answerOptions: ['A'], answerContent: null, subs: [] },
          { id: 'r2', questionType: 6, examPoint: 5, answerOptions: [], answerContent: '参考', subs: [] },
        ],
      },
    ];
    const answers = new Map([['r1', { optionList: ['A'], content: null }]]);
    const marks = new Map([
      ['q', { score: 10 }],
      ['r2', { score: 2.5 }],
    ]);
    const scored = scorePaper(paper, answers, { partialMultiple: false, marks });
    expect(scored.results).toEqual([
      { questionId: 'q', correct: true, score: 10 },
      { questionId: 'r', correct: false, score: 7.5 },
      { questionId: 'r1', correct: true, score: 5 },
      { questionId: 'r2', correct: false, score: 2.5 },
    ]);
    expect(scored.score).toBe(17.5);
  });
});
