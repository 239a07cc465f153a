import { QUESTION_TYPE } from '../api/contracts/exams';
import { readCsvTable } from '../csv-table';
import { BANK_LIMITS, checkQuestion, COMPOUND_TYPES, type CheckedQuestion, type QuestionDraft, type QuestionProblem } from './question-bank';

/**
 * The question bank's spreadsheet (decision 048): a CSV with a header row naming the columns (any
 * order): 题型, 分类, 题干, 选项A … 选项H, 答案, 分值, 解析. One row per question; a reading
 * comprehension or cloze question is a row of type 阅读理解 / 完形填空 (its passage in 题干) followed
 * by its sub-questions, rows whose type starts with 小题- (小题-单选, 小题-判断 …). Answers:
 * choice questions the option letters (A, AC, A,C); true/false 对 or 错; fill in the blank each
 * blank's answer separated by |; short answer the reference answer. Every row is checked by the
 * bank's own rules (checkQuestion), so a row is refused for the reason the form would give. Pure.
 */

export const IMPORT_COLUMNS = {
  type: '题型',
  category: '分类',
  stem: '题干',
  answer: '答案',
  points: '分值',
  explanation: '解析',
} as const;
export const OPTION_COLUMNS = ['选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '选项G', '选项H'] as const;

/** The template offered for download: the header and one example of every type. */
export const IMPORT_TEMPLATE = [
  '题型,分类,题干,选项A,选项B,选项C,选项D,答案,分值,解析',
  '单选,电工基础,电阻的国际单位是（ ）。,欧姆,伏特,安培,瓦特,A,2,电阻的单位是欧姆（Ω）。',
  '多选,电工基础,下列属于电路基本组成部分的有（ ）。,电源,负载,导线,电表,ABC,3,',
  '判断,安全用电,在串联电路中，流过各个电阻的电流相等。,,,,,对,2,',
  '填空,电工基础,部分电路欧姆定律为 I = ____；电流的单位是____。,,,,,U/R|安培,4,',
  '简答,安全用电,简述安全用电的基本原则。,,,,,不接触低压带电体，不靠近高压带电体。,10,',
  '阅读理解,英语,"Read the passage. Tom likes tea.",,,,,,,',
  '小题-单选,英语,What does Tom like?,Tea,Coffee,Milk,,A,2,',
  '小题-判断,英语,Tom likes coffee.,,,,,错,2,',
].join('\r\n');

/** Names a type column may carry, besides the type's number. */
const TYPE_NAMES: Readonly<Record<string, number>> = {
  单选: QUESTION_TYPE.SINGLE,
  单选题: QUESTION_TYPE.SINGLE,
  单项选择题: QUESTION_TYPE.SINGLE,
  多选: QUESTION_TYPE.MULTIPLE,
  多选题: QUESTION_TYPE.MULTIPLE,
  多项选择题: QUESTION_TYPE.MULTIPLE,
  判断: QUESTION_TYPE.TRUE_FALSE,
  判断题: QUESTION_TYPE.TRUE_FALSE,
  填空: QUESTION_TYPE.FILL_IN,
  填空题: QUESTION_TYPE.FILL_IN,
  简答: QUESTION_TYPE.SHORT_ANSWER,
  简答题: QUESTION_TYPE.SHORT_ANSWER,
  阅读理解: QUESTION_TYPE.READING,
  完形填空: QUESTION_TYPE.CLOZE,
};
const SUB_PREFIX = '小题-';
/** A type no question has, for a sub-question row whose type is not one (checkQuestion then says subType). */
const UNKNOWN_TYPE = -1;
const TRUE_WORDS = ['对', '正确', '√', '是', 't', 'true', 'y'];
const FALSE_WORDS = ['错', '错误', '×', '否', 'f', 'false', 'n'];

export type ImportProblem = QuestionProblem | 'orphanSub' | 'categoryTooLong' | 'tooMany' | 'duplicateInFile';
export type ImportParse = { ok: true; rows: ImportRow[] } | { ok: false; reason: 'empty' | 'tooLarge' | 'noColumns' | 'badQuotes' };

/** A data row of the file, its values by column. */
export interface ImportRow {
  line: number;
  type: string;
  category: string;
  stem: string;
  options: string[];
  answer: string;
  points: string;
  explanation: string;
}

/** One question of the file (a reading or cloze question with its sub-question rows), checked. */
export type ImportQuestion = {
  line: number;
  /** The lines of its sub-questions. */
  subLines: number[];
  typeText: string;
  stem: string;
  category: string | null;
} & ({ ok: true; question: CheckedQuestion } | { ok: false; problem: ImportProblem; sub?: number });

/** A stem or explanation typed as plain text, as the HTML the bank stores: escaped, one paragraph a line. */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => `<p>${esc(l)}</p>`)
    .join('');
}

/** Reads the file: the header names the columns (题型 and 题干 required); blank lines skipped; a BOM dropped; values trimmed. */
export function parseQuestionCsv(text: string): ImportParse {
  const read = readCsvTable(text, BANK_LIMITS.csvChars);
  if (!read.ok) return read;
  const { header, rows: lines, value: at } = read.table;
  if (!header.includes(IMPORT_COLUMNS.type) || !header.includes(IMPORT_COLUMNS.stem)) return { ok: false, reason: 'noColumns' };
  return {
    ok: true,
    rows: lines.map(({ line, fields }) => ({
      line,
      type: at(fields, IMPORT_COLUMNS.type),
      category: at(fields, IMPORT_COLUMNS.category),
      stem: at(fields, IMPORT_COLUMNS.stem),
      options: OPTION_COLUMNS.map((c) => at(fields, c)),
      answer: at(fields, IMPORT_COLUMNS.answer),
      points: at(fields, IMPORT_COLUMNS.points),
      explanation: at(fields, IMPORT_COLUMNS.explanation),
    })),
  };
}

function typeOf(text: string): number | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t);
  return TYPE_NAMES[t] ?? null;
}

/** The draft a row describes (its type already known). */
function draftOf(row: ImportRow, type: number): QuestionDraft {
  const last = row.options.reduce((m, o, i) => (o !== '' ? i : m), -1);
  const options = row.options.slice(0, last + 1).map((value, i) => ({ key: String.fromCharCode(65 + i), value }));
  const answer = row.answer.normalize('NFKC').trim();
  const draft: QuestionDraft = {
    questionType: type,
    trunk: textToHtml(row.stem),
    explanation: row.explanation ? textToHtml(row.explanation) : null,
    // Number() reads around spaces and gives 0 for none at all, which no question is worth (badPoints).
    examPoint: Number(row.points.normalize('NFKC')),
  };
  if (type === QUESTION_TYPE.SINGLE || type === QUESTION_TYPE.MULTIPLE) {
    draft.options = options;
    draft.answerOptions = answer
      .toUpperCase()
      .split('')
      .filter((c) => /[A-Z]/.test(c));
  } else if (type === QUESTION_TYPE.TRUE_FALSE) {
    const word = answer.toLowerCase();
    draft.answerOptions = TRUE_WORDS.includes(word) ? ['1'] : FALSE_WORDS.includes(word) ? ['2'] : [];
  } else if (type === QUESTION_TYPE.FILL_IN) {
    // The stem's blanks are counted on the text as typed: escaping does not touch '____'.
    // Each blank's answer is trimmed by checkQuestion.
    draft.blanks = answer === '' ? [] : row.answer.split('|');
  } else if (type === QUESTION_TYPE.SHORT_ANSWER) {
    draft.reference = row.answer;
  }
  return draft;
}

/**
 * The file's questions, each checked, in file order: an unknown type, a sub-question row with no
 * reading or cloze row before it, a category too long, a question the bank's rules refuse, the
 * same question twice in the file, or a question beyond the row limit is refused with its reason.
 */
export function checkImportRows(rows: readonly ImportRow[], fingerprint: (q: CheckedQuestion) => string): ImportQuestion[] {
  type Group = { head: ImportRow; type: number | null; subs: { row: ImportRow; type: number | null }[] };
  const groups: (Group | { orphan: ImportRow })[] = [];
  let open: Group | null = null;
  for (const row of rows) {
    if (row.type.startsWith(SUB_PREFIX)) {
      const type = typeOf(row.type.slice(SUB_PREFIX.length));
      if (open) open.subs.push({ row, type });
      else groups.push({ orphan: row });
      continue;
    }
    const type = typeOf(row.type);
    const group: Group = { head: row, type, subs: [] };
    groups.push(group);
    open = type !== null && COMPOUND_TYPES.includes(type) ? group : null;
  }
  const seen = new Set<string>();
  return groups.map((g, i): ImportQuestion => {
    if ('orphan' in g) {
      const r = g.orphan;
      return { line: r.line, subLines: [], typeText: r.type, stem: r.stem, category: null, ok: false, problem: 'orphanSub' };
    }
    const base = { line: g.head.line, subLines: g.subs.map((s) => s.row.line), typeText: g.head.type, stem: g.head.stem, category: g.head.category || null };
    if (i >= BANK_LIMITS.csvRows) return { ...base, ok: false, problem: 'tooMany' };
    if (g.type === null) return { ...base, ok: false, problem: 'unknownType' };
    if (g.head.category.length > BANK_LIMITS.category) return { ...base, ok: false, problem: 'categoryTooLong' };
    // Only a reading or cloze row has sub-question rows (any other closes the group), and only those types read them.
    const draft = { ...draftOf(g.head, g.type), subs: g.subs.map((s) => draftOf(s.row, s.type ?? UNKNOWN_TYPE)) };
    const checked = checkQuestion(draft);
    if (!checked.ok) return { ...base, ok: false, problem: checked.problem, ...(checked.sub ? { sub: checked.sub } : {}) };
    const print = fingerprint(checked.question);
    if (seen.has(print)) return { ...base, ok: false, problem: 'duplicateInFile' };
    seen.add(print);
    return { ...base, ok: true, question: checked.question };
  });
}
