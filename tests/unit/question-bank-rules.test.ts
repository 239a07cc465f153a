import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { blankCountOf, checkQuestion, fingerprintText, paperTotal, questionPoints, validPoints, type QuestionDraft } from '~/lib/exams/question-bank';
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
  });
});
