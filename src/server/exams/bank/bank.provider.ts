import { QUESTION_TYPES, type QuestionType, type XsktQuestion, type XsktUserAnswer } from '~/lib/api/contracts/exams';

/**
 * The external question bank's HTTP API ('xskt'), server to server. Each call is a JSON POST under
 * XSKT_BANK_URL answering `{ code: 0, data }`; anything else (network failure, time-out after 5 s,
 * HTTP status, another code, a malformed answer) throws a BankError, which the service turns into
 * one clear message. What the bank answers is checked field by field here; its HTML is sanitised
 * by the service before any browser sees it.
 *
 *   POST /paper  { paperId, tenantId, userId }
 *     → { paper: { title, description, questionResultVOMap: { [type]: XsktQuestion[] } }, userToken }
 *   POST /submit { paperId, tenantId, userId, userToken, useTime, userAnswerObjects: { questions_id, user_answer }[] }
 *     → { score, results: { questions_id, is_right (1 or 0), right_answer, analysis }[] }
 *   code 401 from /submit: the user token is not this user's (or expired).
 */

export class BankError extends Error {
  constructor(
    message: string,
    /** The bank's own code, when it answered one. */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'BankError';
  }
}

export interface BankPaper {
  title: string;
  description: string | null;
  questionResultVOMap: Partial<Record<`${QuestionType}`, XsktQuestion[]>>;
  userToken: string;
}

export interface BankResult {
  questions_id: string;
  is_right: 0 | 1;
  right_answer: string;
  analysis: string | null;
}

export interface BankMarking {
  score: number;
  results: BankResult[];
}

export interface QuestionBank {
  paper(input: { paperId: string; tenantId: string; userId: string }): Promise<BankPaper>;
  submit(input: {
    paperId: string;
    tenantId: string;
    userId: string;
    userToken: string;
    useTime: number;
    userAnswerObjects: XsktUserAnswer[];
  }): Promise<BankMarking>;
}

export const BANK_TIMEOUT_MS = 5_000;
const MAX_QUESTIONS = 500;
const MAX_TEXT = 20_000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = MAX_TEXT): string | null =>
  typeof v === 'string' && v.length <= max ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
const isType = (v: unknown): v is QuestionType => typeof v === 'number' && (QUESTION_TYPES as readonly number[]).includes(v);

function question(v: unknown, depth = 0): XsktQuestion | null {
  if (!isObj(v)) return null;
  const questionsId = text(v['questions_id'], 64);
  const type = typeof v['questionType'] === 'string' ? Number(v['questionType']) : v['questionType'];
  const trunk = text(v['trunk']);
  const point = Number(v['examPoint']);
  if (!questionsId || !isType(type) || trunk === null || !Number.isFinite(point) || point < 0) return null;
  const content = isObj(v['questionContentVO']) ? v['questionContentVO'] : {};
  const options = Array.isArray(content['optionList']) ? content['optionList'] : [];
  const subs = depth === 0 && Array.isArray(v['readQuestionList']) ? v['readQuestionList'] : [];
  return {
    questions_id: questionsId,
    id: text(v['id'], 64) ?? questionsId,
    questionType: type,
    trunk,
    examPoint: point,
    questionContentVO: {
      content: text(content['content']),
      optionList: options
        .slice(0, 26)
        .filter(isObj)
        .map((o) => ({ key: text(o['key'], 16) ?? '', value: text(o['value']) ?? '' }))
        .filter((o) => o.key !== ''),
    },
    readQuestionList: subs
      .slice(0, MAX_QUESTIONS)
      .map((x) => question(x, depth + 1))
      .filter((x): x is XsktQuestion => x !== null),
    submit: { user_answer: '', is_right: null },
  };
}

function paperOf(data: unknown): BankPaper {
  if (!isObj(data) || !isObj(data['paper'])) throw new BankError('the paper is missing');
  const paper = data['paper'];
  const userToken = text(data['userToken'], 512);
  if (!userToken) throw new BankError('the user token is missing');
  const map: BankPaper['questionResultVOMap'] = {};
  const given = isObj(paper['questionResultVOMap']) ? paper['questionResultVOMap'] : {};
  let count = 0;
  for (const type of QUESTION_TYPES) {
    const list = given[String(type)];
    if (!Array.isArray(list)) continue;
    const questions = list.map((q) => question(q)).filter((q): q is XsktQuestion => q !== null && q.questionType === type);
    count += questions.length;
    if (count > MAX_QUESTIONS) throw new BankError('too many questions');
    if (questions.length) map[`${type}`] = questions;
  }
  return { title: text(paper['title'], 200) ?? '', description: text(paper['description']), questionResultVOMap: map, userToken };
}

function markingOf(data: unknown): BankMarking {
  if (!isObj(data) || !Array.isArray(data['results'])) throw new BankError('the marking is missing');
  const score = Number(data['score']);
  if (!Number.isFinite(score) || score < 0) throw new BankError('the score is not a number');
  const results = data['results']
    .slice(0, MAX_QUESTIONS)
    .filter(isObj)
    .map((r) => ({
      questions_id: text(r['questions_id'], 64) ?? '',
      is_right: (Number(r['is_right']) === 1 ? 1 : 0) as 0 | 1,
      right_answer: text(r['right_answer']) ?? '',
      analysis: text(r['analysis']),
    }))
    .filter((r) => r.questions_id !== '');
  return { score: Math.round(score * 100) / 100, results };
}

export function createBankClient(baseUrl: string, fetchImpl: typeof fetch = fetch): QuestionBank {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  async function call(path: string, payload: unknown): Promise<unknown> {
    const url = new URL(path.replace(/^\//, ''), base);
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(BANK_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new BankError(`${url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const body = await res.text().catch(() => '');
    let answer: unknown;
    try {
      answer = JSON.parse(body);
    } catch {
      throw new BankError(`${url.pathname}: HTTP ${res.status}, not JSON`);
    }
    const code = isObj(answer) ? Number(answer['code']) : NaN;
    if (!res.ok || code !== 0) throw new BankError(`${url.pathname}: HTTP ${res.status}, code ${String(code)}`, Number.isFinite(code) ? code : null);
    return (answer as Obj)['data'];
  }
  return {
    async paper(input) {
      return paperOf(await call('/paper', input));
    },
    async submit(input) {
      return markingOf(await call('/submit', input));
    },
  };
}
