import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BANK_LIMITS,
  blankCountOf,
  checkQuestion,
  fingerprintText,
  paperTotal,
  questionPoints,
  validPoints,
  type CheckedQuestion,
  type QuestionDraft,
} from '~/lib/exams/question-bank';
import { checkImportRows, parseQuestionCsv, textToHtml, IMPORT_TEMPLATE } from '~/lib/exams/question-import';
import { checkWorkChange, type WorkSettings } from '~/server/exams/works/works.admin.rules';
import { decodeCsvBytes } from '~/lib/learning/class-admin';
import { splitBlanks } from '~/server/exams/attempts/fill-in.rules';

/** The question bank's pure rules: each type's validation, points and totals, the spreadsheet's rows, and what a work may change after attempts. */

const choice = (type: number, keys: string[], n = 3): QuestionDraft => ({
  questionType: type,
  trunk: '<p>题干</p>',
  options: Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: `选项${i}` })),
  answerOptions: keys,
  examPoint: 2,
});
const problem = (d: QuestionDraft) => {
  const r = checkQuestion(d);
  return r.ok ? 'ok' : r.sub ? `${r.sub}:${r.problem}` : r.problem;
};

describe('checkQuestion', () => {
  test('single choice: exactly one key among 2 to 8 distinct, non-empty options; keys re-lettered A, B, …', () => {
    expect(problem(choice(1, ['k1']))).toBe('ok');
    const r = checkQuestion(choice(1, ['k2']));
    expect(r.ok && r.question.options.map((o) => o.key)).toEqual(['A', 'B', 'C']);
    expect(r.ok && r.question.answerOptions).toEqual(['C']);
    expect(problem(choice(1, []))).toBe('singleOneKey');
    expect(problem(choice(1, ['k0', 'k1']))).toBe('singleOneKey');
    expect(problem(choice(1, ['zz']))).toBe('keyNotAmongOptions');
    expect(problem(choice(1, ['k0'], 1))).toBe('optionsCount');
    expect(problem(choice(1, ['k0'], 9))).toBe('optionsCount');
    expect(problem(choice(1, ['k0'], 8))).toBe('ok');
    expect(
      problem({
        ...choice(1, ['k0']),
        options: [
          { key: 'a', value: 'x' },
          { key: 'b', value: '<p> </p>' },
        ],
      }),
    ).toBe('optionEmpty');
    expect(
      problem({
        ...choice(1, ['a']),
        options: [
          { key: 'a', value: 'x' },
          { key: 'b', value: 'x' },
        ],
      }),
    ).toBe('optionDuplicate');
  });
  test('multiple choice needs at least two keys; true/false one of 对 (1) or 错 (2) with the fixed options', () => {
    expect(problem(choice(2, ['k0']))).toBe('multipleTwoKeys');
    expect(problem(choice(2, ['k0', 'k2']))).toBe('ok');
    const judge = checkQuestion({ questionType: 3, trunk: 'x', answerOptions: ['2'], examPoint: 1 });
    expect(judge.ok && judge.question.options).toEqual([
      { key: '1', value: '对' },
      { key: '2', value: '错' },
    ]);
    expect(problem({ questionType: 3, trunk: 'x', answerOptions: ['A'], examPoint: 1 })).toBe('judgeKey');
    expect(problem({ questionType: 3, trunk: 'x', answerOptions: ['1', '2'], examPoint: 1 })).toBe('judgeKey');
  });
  test('fill in the blank: blanks marked ____ as the answering page counts them, one answer each, without |', () => {
    const ok = checkQuestion({ questionType: 4, trunk: 'I = ____，单位 ____。', blanks: [' U/R ', '安培'], examPoint: 2 });
    expect(ok.ok && [ok.question.answerContent, ok.question.blankCount]).toEqual(['U/R|安培', 2]);
    // The stored key splits back into the blanks the scoring compares.
    expect(ok.ok && splitBlanks(ok.question.answerContent)).toEqual(['U/R', '安培']);
    expect(problem({ questionType: 4, trunk: 'no blank', blanks: [], examPoint: 2 })).toBe('blankMissing');
    expect(problem({ questionType: 4, trunk: '____ ____', blanks: ['a'], examPoint: 2 })).toBe('blankCountMismatch');
    expect(problem({ questionType: 4, trunk: '____', blanks: [' '], examPoint: 2 })).toBe('blankAnswerEmpty');
    expect(problem({ questionType: 4, trunk: '____', blanks: ['a|b'], examPoint: 2 })).toBe('blankAnswerBar');
    expect(blankCountOf('a________b')).toBe(2);
  });
  test('short answer: an optional reference; reading and cloze: sub-questions of their allowed types, worth their sum', () => {
    const short = checkQuestion({ questionType: 6, trunk: 'x', reference: '  参考 ', examPoint: 10 });
    expect(short.ok && short.question.answerContent).toBe('参考');
    expect(problem({ questionType: 6, trunk: 'x', examPoint: 10 })).toBe('ok');
    const reading = checkQuestion({ questionType: 11, trunk: 'p', examPoint: 99, subs: [choice(1, ['k0']), { questionType: 6, trunk: 'y', examPoint: 1.5 }] });
    expect(reading.ok && reading.question.examPoint).toBe(3.5);
    expect(problem({ questionType: 11, trunk: 'p', subs: [] })).toBe('subsRequired');
    expect(problem({ questionType: 11, trunk: 'p', subs: [{ questionType: 11, trunk: 'q', subs: [] }] })).toBe('1:subType');
    expect(problem({ questionType: 13, trunk: 'p', subs: [choice(1, ['k0']), choice(2, ['k0', 'k1'])] })).toBe('2:subType');
    expect(problem({ questionType: 13, trunk: 'p', subs: [choice(1, ['k0']), choice(1, [])] })).toBe('2:singleOneKey');
  });
  test('a stem is required; an unknown type is refused; points are more than 0, at most 100, in hundredths', () => {
    expect(problem({ questionType: 1, trunk: '<p></p>', examPoint: 1 })).toBe('stemRequired');
    expect(
      problem({ questionType: 1, trunk: '<p><img src="/files/a.png"></p>', options: choice(1, ['k0']).options, answerOptions: ['k0'], examPoint: 1 }),
    ).toBe('ok');
    for (const type of [0, 5, 7, 12, 99]) expect(problem({ questionType: type, trunk: 'x', examPoint: 1 })).toBe('unknownType');
    for (const p of [0, -1, 100.01, 0.001, Number.NaN, Number.POSITIVE_INFINITY]) expect(validPoints(p), String(p)).toBe(false);
    for (const p of [0.01, 1, 2.5, 100]) expect(validPoints(p), String(p)).toBe(true);
  });
});

describe('points and totals', () => {
  const leaf = fc.integer({ min: 1, max: 10000 }).map((n) => n / 100);
  const question = fc.oneof(
    leaf.map((examPoint) => ({ examPoint, subs: [] as { examPoint: number }[] })),
    fc.array(leaf, { minLength: 1, maxLength: 5 }).map((subs) => ({ examPoint: 0, subs: subs.map((examPoint) => ({ examPoint })) })),
  );
  test('a paper is worth the sum of its questions, whatever their order and however they are grouped', () => {
    fc.assert(
      fc.property(fc.array(question, { maxLength: 30 }), fc.integer({ min: 0, max: 30 }), (qs, cut) => {
        const total = paperTotal(qs);
        const cents = qs.reduce((sum, q) => sum + Math.round(questionPoints(q) * 100), 0);
        expect(Math.round(total * 100)).toBe(cents);
        expect(paperTotal([...qs].reverse())).toBe(total);
        expect(Math.round((paperTotal(qs.slice(0, cut)) + paperTotal(qs.slice(cut))) * 100)).toBe(cents);
      }),
    );
  });
  test('the fingerprint ignores spacing and the letters given to options, not the content', () => {
    const a = checkQuestion(choice(1, ['k1']));
    const b = checkQuestion({
      ...choice(1, ['k1']),
      trunk: '<p>题干</p>  ',
      options: choice(1, []).options!.map((o, i) => ({ key: `z${i}`, value: o.value })),
      answerOptions: ['z1'],
    });
    const c = checkQuestion(choice(1, ['k2']));
    if (!a.ok || !b.ok || !c.ok) throw new Error('valid drafts');
    expect(fingerprintText(a.question)).toBe(fingerprintText(b.question));
    expect(fingerprintText(a.question)).not.toBe(fingerprintText(c.question));
  });
});

describe('the spreadsheet', () => {
  const print = (q: unknown) => JSON.stringify(q);
  test('the template is read and every question in it passes', () => {
    const parsed = parseQuestionCsv(IMPORT_TEMPLATE);
    if (!parsed.ok) throw new Error(parsed.reason);
    const checked = checkImportRows(parsed.rows, print);
    expect(checked.map((q) => [q.line, q.ok])).toEqual([
      [2, true],
      [3, true],
      [4, true],
      [5, true],
      [6, true],
      [7, true],
    ]);
    expect(checked[5]!.subLines).toEqual([8, 9]);
  });
  test('rows are refused with their reason: unknown type, a sub-question without its passage, a long category, the same question twice', () => {
    const rows = parseQuestionCsv(
      [
        '题型,分类,题干,选项A,选项B,答案,分值',
        '小题-单选,,孤立,a,b,A,1',
        '问答,,x,,,,1',
        `判断,${'类'.repeat(41)},x,,,对,1`,
        '判断,,同一题,,,对,1',
        '判断,,同一题,,,对,1',
        '完形填空,,短文,,,,',
        '小题-简答,,小题,,,,1',
      ].join('\n'),
    );
    if (!rows.ok) throw new Error(rows.reason);
    expect(checkImportRows(rows.rows, print).map((q) => (q.ok ? 'ok' : `${q.sub ?? ''}${q.problem}`))).toEqual([
      'orphanSub',
      'unknownType',
      'categoryTooLong',
      'ok',
      'duplicateInFile',
      '1subType',
    ]);
  });
  test('answers: letters in any spelling, 对/错 words, blanks split by |; the file must name 题型 and 题干; quotes closed', () => {
    const rows = parseQuestionCsv('\uFEFF题干,题型,选项A,选项B,选项C,答案,分值\n"a, b",多选,x,y,z,"Ａ，c",2\nq,判断,,,,×,1\nr ____ s ____,填空,,,,1|2,3');
    if (!rows.ok) throw new Error(rows.reason);
    const checked = checkImportRows(rows.rows, print);
    expect(checked.map((q) => (q.ok ? [q.question.trunk, q.question.answerOptions, q.question.answerContent] : q.problem))).toEqual([
      ['<p>a, b</p>', ['A', 'C'], null],
      ['<p>q</p>', ['2'], null],
      ['<p>r ____ s ____</p>', [], '1|2'],
    ]);
    expect(parseQuestionCsv('姓名\n张三')).toEqual({ ok: false, reason: 'noColumns' });
    expect(parseQuestionCsv('题型,题干\n"x')).toEqual({ ok: false, reason: 'badQuotes' });
    expect(parseQuestionCsv('\n\n')).toEqual({ ok: false, reason: 'empty' });
  });
  test('a file Excel saved as GBK, or as UTF-8 with a BOM, reads the same', () => {
    // '题型,题干,答案,分值\r\n判断,电流的单位是安培,对,2\r\n' in GBK.
    const gbk = new Uint8Array([
      204, 226, 208, 205, 44, 204, 226, 184, 201, 44, 180, 240, 176, 184, 44, 183, 214, 214, 181, 13, 10, 197, 208, 182, 207, 44, 181, 231, 193, 247, 181, 196,
      181, 165, 206, 187, 202, 199, 176, 178, 197, 224, 44, 182, 212, 44, 50, 13, 10,
    ]);
    const utf8 = new TextEncoder().encode('\uFEFF题型,题干,答案,分值\r\n判断,电流的单位是安培,对,2\r\n');
    const read = (bytes: Uint8Array) => {
      const parsed = parseQuestionCsv(decodeCsvBytes(bytes));
      if (!parsed.ok) throw new Error(parsed.reason);
      return checkImportRows(parsed.rows, print).map((q) => (q.ok ? [q.question.trunk, q.question.answerOptions] : q.problem));
    };
    expect(read(gbk)).toEqual([['<p>电流的单位是安培</p>', ['1']]]);
    expect(read(utf8)).toEqual(read(gbk));
  });
  test('text becomes escaped paragraphs', () => {
    expect(textToHtml('a < b\n\n第二行 & "引号"')).toBe('<p>a &lt; b</p><p>第二行 &amp; &quot;引号&quot;</p>');
  });
});

describe('checkWorkChange', () => {
  const before: WorkSettings = { sourceType: null, paperId: 'p1', externalPaperId: null, unitTime: 30, manualGrading: 0, partialMultiple: 1, maxAttempts: 2 };
  test('without attempts anything changes', () => {
    expect(checkWorkChange(before, { ...before, paperId: 'p2', unitTime: null, maxAttempts: 1 }, 0)).toEqual({ ok: true });
  });
  test('after attempts: the paper, time limit and marking are fixed; attempts only grow', () => {
    expect(checkWorkChange(before, { ...before, paperId: 'p2', manualGrading: 1 }, 3)).toEqual({
      ok: false,
      reason: 'locked',
      fields: ['paper', 'manualGrading'],
    });
    expect(checkWorkChange(before, { ...before, sourceType: 'xskt', paperId: null, externalPaperId: 'X' }, 1)).toMatchObject({ fields: ['paper'] });
    expect(checkWorkChange(before, { ...before, unitTime: 45, partialMultiple: 0 }, 1)).toMatchObject({ fields: ['unitTime', 'partialMultiple'] });
    expect(checkWorkChange(before, { ...before, maxAttempts: 1 }, 1)).toEqual({ ok: false, reason: 'fewerAttempts' });
    expect(checkWorkChange({ ...before, maxAttempts: null }, { ...before, maxAttempts: 20 }, 1)).toEqual({ ok: false, reason: 'fewerAttempts' });
    expect(checkWorkChange(before, { ...before, maxAttempts: 3 }, 1)).toEqual({ ok: true });
    expect(checkWorkChange(before, { ...before, maxAttempts: null }, 1)).toEqual({ ok: true });
    // The same number of attempts is no fewer.
    expect(checkWorkChange(before, { ...before }, 1)).toEqual({ ok: true });
    // Any one of the three fields that name the paper locks it.
    expect(checkWorkChange(before, { ...before, sourceType: 'xskt' }, 1)).toMatchObject({ fields: ['paper'] });
    expect(checkWorkChange(before, { ...before, externalPaperId: 'X' }, 1)).toMatchObject({ fields: ['paper'] });
  });
});

describe('every limit of a question at its boundary, and what is stored', () => {
  const L = BANK_LIMITS;
  const long = (n: number) => 'x'.repeat(n);
  const blanks = (n: number) => ({
    questionType: 4,
    trunk: Array.from({ length: n }, () => '____').join(' '),
    blanks: Array.from({ length: n }, (_, i) => `b${i}`),
    examPoint: 1,
  });
  const subs = (n: number) => ({
    questionType: 11,
    trunk: 'p',
    subs: Array.from({ length: n }, (_, i) => ({ questionType: 6, trunk: `q${i}`, examPoint: 1 })),
  });

  test('stem, explanation, option, blank answer and reference: at the limit kept, one more refused', () => {
    expect(problem({ ...choice(1, ['k0']), trunk: long(L.stem) })).toBe('ok');
    expect(problem({ ...choice(1, ['k0']), trunk: long(L.stem + 1) })).toBe('stemTooLong');
    expect(problem({ ...choice(1, ['k0']), explanation: long(L.explanation) })).toBe('ok');
    expect(problem({ ...choice(1, ['k0']), explanation: long(L.explanation + 1) })).toBe('explanationTooLong');
    const withOption = (value: string) => ({
      ...choice(1, ['k0']),
      options: [
        { key: 'k0', value: 'a' },
        { key: 'k1', value },
      ],
    });
    expect(problem(withOption(long(L.option)))).toBe('ok');
    expect(problem(withOption(long(L.option + 1)))).toBe('optionTooLong');
    expect(problem({ questionType: 4, trunk: '____', blanks: [long(L.blankAnswer)], examPoint: 1 })).toBe('ok');
    expect(problem({ questionType: 4, trunk: '____ ____', blanks: ['a', long(L.blankAnswer + 1)], examPoint: 1 })).toBe('blankAnswerTooLong');
    expect(problem({ questionType: 6, trunk: 'x', reference: long(L.reference), examPoint: 1 })).toBe('ok');
    expect(problem({ questionType: 6, trunk: 'x', reference: long(L.reference + 1), examPoint: 1 })).toBe('referenceTooLong');
  });

  test('blanks and sub-questions: twenty kept, twenty-one refused; no points refused for every type that has its own', () => {
    expect(problem(blanks(L.maxBlanks))).toBe('ok');
    expect(problem(blanks(L.maxBlanks + 1))).toBe('tooManyBlanks');
    expect(problem(subs(L.maxSubs))).toBe('ok');
    expect(problem(subs(L.maxSubs + 1))).toBe('tooManySubs');
    for (const d of [choice(1, ['k0']), choice(2, ['k0', 'k1']), blanks(1), { questionType: 6, trunk: 'x' }]) {
      expect(problem({ ...d, examPoint: 0 })).toBe('badPoints');
    }
  });

  test('what is missing counts as empty: no stem, no options, no keys, no blanks, no sub-questions, an option without text', () => {
    expect(problem({ questionType: 1, examPoint: 1 } as unknown as QuestionDraft)).toBe('stemRequired');
    expect(problem({ questionType: 1, trunk: 'x', examPoint: 1 })).toBe('optionsCount');
    expect(problem({ ...choice(1, []), answerOptions: undefined })).toBe('singleOneKey');
    expect(problem({ questionType: 3, trunk: 'x', examPoint: 1 })).toBe('judgeKey');
    expect(problem({ questionType: 4, trunk: '____', examPoint: 1 })).toBe('blankCountMismatch');
    expect(problem({ questionType: 4, trunk: '____ ____', blanks: ['a', undefined as unknown as string], examPoint: 1 })).toBe('blankAnswerEmpty');
    expect(problem({ questionType: 11, trunk: 'p' })).toBe('subsRequired');
    expect(problem({ ...choice(1, ['k0']), options: [{ key: 'k0', value: 'a' }, { key: 'k1' } as { key: string; value: string }] })).toBe('optionEmpty');
  });

  test('one bad blank or option is enough; a picture alone is an option; the same key twice or the same text (spacing folded) twice is one option', () => {
    expect(problem({ questionType: 4, trunk: '____ ____', blanks: ['a', ' '], examPoint: 1 })).toBe('blankAnswerEmpty');
    expect(problem({ questionType: 4, trunk: '____ ____', blanks: ['a', 'b|c'], examPoint: 1 })).toBe('blankAnswerBar');
    const opts = (...values: string[]) => ({ ...choice(1, ['k0']), options: values.map((value, i) => ({ key: `k${i}`, value })) });
    expect(problem(opts('a', '<img src="/files/a.png">'))).toBe('ok');
    expect(problem(opts('a', '<p>a</p>'))).toBe('optionDuplicate');
    expect(problem(opts('a&nbsp;b', 'ab'))).toBe('ok');
    expect(problem(opts('a&nbsp;b', 'a b'))).toBe('optionDuplicate');
    expect(
      problem({
        ...choice(1, ['k0']),
        options: [
          { key: 'k0', value: 'a' },
          { key: 'k0', value: 'b' },
        ],
      }),
    ).toBe('optionDuplicate');
  });

  test('stored: stem and options trimmed, keys sorted, no explanation as null, no options or keys where the type has none', () => {
    const multiple = checkQuestion({
      ...choice(2, ['k2', 'k0']),
      trunk: '  <p>题干</p> ',
      options: [' x ', 'y', 'z'].map((value, i) => ({ key: `k${i}`, value })),
    });
    expect(multiple.ok && [multiple.question.trunk, multiple.question.options[0], multiple.question.answerOptions, multiple.question.explanation]).toEqual([
      '<p>题干</p>',
      { key: 'A', value: 'x' },
      ['A', 'C'],
      null,
    ]);
    const explained = checkQuestion({ ...choice(1, ['k0']), explanation: ' 因为 ' });
    expect(explained.ok && explained.question.explanation).toBe('因为');
    expect(checkQuestion({ ...choice(1, ['k0']), explanation: '   ' })).toMatchObject({ ok: true, question: { explanation: null } });
    for (const d of [blanks(1), { questionType: 6, trunk: 'x', examPoint: 1 }, subs(1)]) {
      expect(checkQuestion(d)).toMatchObject({ ok: true, question: { options: [], answerOptions: [] } });
    }
  });

  test('points are numbers only', () => {
    for (const p of ['5', null, undefined, true, [5]]) expect(validPoints(p), String(p)).toBe(false);
  });

  test('the fingerprint folds spacing but keeps every word, option text and the missing reference as empty', () => {
    const q = (over: Partial<CheckedQuestion>): CheckedQuestion => ({
      questionType: 1,
      trunk: 'a b',
      options: [
        { key: 'A', value: 'x y' },
        { key: 'B', value: 'z' },
      ],
      answerOptions: ['A'],
      answerContent: null,
      explanation: null,
      blankCount: null,
      examPoint: 1,
      subs: [],
      ...over,
    });
    const base = fingerprintText(q({}));
    expect(fingerprintText(q({ trunk: ' a \n  b  ' }))).toBe(base);
    expect(fingerprintText(q({ answerContent: '' }))).toBe(base);
    expect(fingerprintText(q({ trunk: 'ab' }))).not.toBe(base);
    expect(
      fingerprintText(
        q({
          options: [
            { key: 'A', value: 'x y' },
            { key: 'B', value: 'w' },
          ],
        }),
      ),
    ).not.toBe(base);
    expect(fingerprintText(q({ answerContent: 'k' }))).not.toBe(base);
  });
});

describe('the spreadsheet, row by row', () => {
  const print = (q: unknown) => JSON.stringify(q);
  const read = (...lines: string[]) => {
    const parsed = parseQuestionCsv(lines.join('\n'));
    if (!parsed.ok) throw new Error(parsed.reason);
    return checkImportRows(parsed.rows, print);
  };
  const verdicts = (...lines: string[]) => read(...lines).map((q) => (q.ok ? 'ok' : `${q.sub ?? ''}${q.problem}`));
  const HEAD = '题型,分类,题干,选项A,选项B,答案,分值';

  test('every word for true and for false, in any case', () => {
    const keys = (answer: string) => {
      const [q] = read(HEAD, `判断,,题${answer},,,${answer},1`);
      return q!.ok ? q!.question.answerOptions : q!.problem;
    };
    for (const yes of ['对', '正确', '√', '是', 't', 'true', 'y', 'TRUE', 'Y']) expect(keys(yes), yes).toEqual(['1']);
    for (const no of ['错', '错误', '×', '否', 'f', 'false', 'n', 'False', 'N']) expect(keys(no), no).toEqual(['2']);
    expect(keys('也许')).toBe('judgeKey');
  });

  test('a type is a name or its number, also after 小题- with spaces; anything else is unknown, whatever else is wrong', () => {
    expect(verdicts(HEAD, '1,,数字题型,a,b,A,1', '11,,短文,,,,', '小题- 单选,,小题,a,b,B,1')).toEqual(['ok', 'ok']);
    expect(read(HEAD, '11,,短文,,,,', '小题-单选,,小题,a,b,B,1')[0]).toMatchObject({ ok: true, subLines: [3] });
    expect(verdicts(HEAD, `问答,${'类'.repeat(BANK_LIMITS.category + 1)},x,,,,1`)).toEqual(['unknownType']);
    expect(verdicts(HEAD, '阅读理解,,短文,,,,', '小题-问答,,小题,,,,1')).toEqual(['1subType']);
    // A sub-question row after a question that is not a passage has no passage.
    expect(verdicts(HEAD, '判断,,x,,,对,1', '小题-单选,,小题,a,b,A,1')).toEqual(['ok', 'orphanSub']);
    expect(read(HEAD, '小题-单选,,小题,a,b,A,1')[0]).toMatchObject({ ok: false, subLines: [], category: null });
  });

  test('choices without option text, fill-ins without answers, short answers keep their reference; points must be given', () => {
    expect(verdicts(HEAD, '单选,,x,,,A,1')).toEqual(['optionsCount']);
    expect(verdicts(HEAD, '填空,,a ____,,,,1')).toEqual(['blankCountMismatch']);
    expect(verdicts(HEAD, '填空,,a ____ b ____,,, 甲 | 乙 ,1')).toEqual(['ok']);
    expect(read(HEAD, '填空,,a ____ b ____,,, 甲 | 乙 ,1')[0]).toMatchObject({ question: { answerContent: '甲|乙' } });
    expect(read(HEAD, '简答,,为什么,,,因为,5')[0]).toMatchObject({ ok: true, question: { answerContent: '因为' } });
    for (const points of ['', '0', 'x']) expect(verdicts(HEAD, `判断,,x,,,对,${points}`), points).toEqual(['badPoints']);
    expect(read(HEAD, '判断,,x,,,对,２')[0]).toMatchObject({ ok: true, question: { examPoint: 2 } });
  });

  test('a category is kept up to its limit, an empty one as none', () => {
    expect(read(HEAD, `判断,${'类'.repeat(BANK_LIMITS.category)},x,,,对,1`)[0]).toMatchObject({ ok: true, category: '类'.repeat(BANK_LIMITS.category) });
    expect(read(HEAD, '判断,,x,,,对,1')[0]).toMatchObject({ ok: true, category: null });
  });

  test('rows given directly are read the same way: answers trimmed after width folding', () => {
    const row = { line: 2, type: '判断', category: '', stem: 'x', options: [], answer: ' 对 ', points: ' 1 ', explanation: '' };
    expect(checkImportRows([row], print)[0]).toMatchObject({ ok: true, question: { answerOptions: ['1'], examPoint: 1 } });
  });

  test('the file: values trimmed, only a leading BOM dropped, both 题型 and 题干 named, at most the size limit', () => {
    const parsed = parseQuestionCsv('题型,题干,答案\n 判断 , a\uFEFFb ,对');
    expect(parsed.ok && parsed.rows[0]).toMatchObject({ type: '判断', stem: 'a\uFEFFb', category: '' });
    expect(parseQuestionCsv('题型,答案\n判断,对')).toEqual({ ok: false, reason: 'noColumns' });
    expect(parseQuestionCsv('题干,答案\nx,对')).toEqual({ ok: false, reason: 'noColumns' });
    const head = '题型,题干\n';
    expect(parseQuestionCsv(head + 'x'.repeat(BANK_LIMITS.csvChars - head.length)).ok).toBe(true);
    expect(parseQuestionCsv(head + 'x'.repeat(BANK_LIMITS.csvChars - head.length + 1))).toEqual({ ok: false, reason: 'tooLarge' });
  });

  test('at most the row limit of questions; the rest refused as too many', () => {
    const rows = Array.from({ length: BANK_LIMITS.csvRows + 1 }, (_, i) => `判断,,题${i},,,对,1`);
    const checked = read(HEAD, ...rows);
    expect(checked.filter((q) => q.ok)).toHaveLength(BANK_LIMITS.csvRows);
    expect(checked.at(-1)).toMatchObject({ ok: false, problem: 'tooMany' });
  });

  test('text becomes paragraphs with every special character escaped and each line trimmed', () => {
    expect(textToHtml('  a > b  \n\t<c>')).toBe('<p>a &gt; b</p><p>&lt;c&gt;</p>');
  });
});
