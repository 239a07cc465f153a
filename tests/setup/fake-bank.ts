import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BANK_PAPER_ID } from '~/dev/seed/exams-data';

/**
 * A small stand-in for the external question bank ('xskt'; docs/api.md "Homework and tests";
 * src/server/exams/bank/bank.provider.ts), for the API and browser tests. It serves one paper in
 * the bank's own format, hands each user a token of their own, marks submissions itself (its own
 * rules, not the server's) and records the calls. `mode` makes it fail on purpose: 'error' answers
 * code 500 in the envelope, 'http500' an HTTP 500, 'hangup' drops the connection, 'garbage'
 * answers something that is not the bank's format.
 */

export type FakeBankMode = 'ok' | 'error' | 'http500' | 'hangup' | 'garbage';

export interface FakeBankCall {
  path: string;
  body: Record<string, unknown>;
}

export interface FakeBank {
  /** Base URL to configure as XSKT_BANK_URL (ends with '/'). */
  url: string;
  port: number;
  calls: FakeBankCall[];
  mode: FakeBankMode;
  close(): Promise<void>;
}

interface BankQuestion {
  questions_id: string;
  type: 1 | 2 | 3 | 4;
  trunk: string;
  points: number;
  options: [string, string][];
  /** Choices: keys joined with ','; fill in: the text. */
  answer: string;
  analysis: string;
}

const TF: [string, string][] = [
  ['1', '正确'],
  ['2', '错误'],
];

/** The bank's paper (its questions, with the keys only the bank knows). */
export const FAKE_BANK_QUESTIONS: readonly BankQuestion[] = [
  {
    questions_id: 'XS-101',
    type: 1,
    trunk: '<p>安全色中，表示禁止、停止的颜色是（ ）。</p>',
    points: 20,
    options: [
      ['A', '红色'],
      ['B', '黄色'],
      ['C', '绿色'],
      ['D', '蓝色'],
    ],
    answer: 'A',
    analysis: '<p>红色表示禁止、停止；黄色表示警告；绿色表示安全；蓝色表示指令。</p>',
  },
  {
    questions_id: 'XS-102',
    type: 2,
    trunk: '<p>下列属于高压基本安全用具的有（ ）。</p>',
    points: 30,
    options: [
      ['A', '绝缘棒'],
      ['B', '绝缘夹钳'],
      ['C', '绝缘靴'],
      ['D', '高压验电器'],
    ],
    answer: 'A,B,D',
    analysis: '<p>绝缘靴属于辅助安全用具。</p>',
  },
  {
    questions_id: 'XS-103',
    type: 3,
    trunk: '<p>使用兆欧表测量绝缘电阻前，必须先切断被测设备的电源。</p>',
    points: 20,
    options: TF,
    answer: '1',
    analysis: '<p>带电测量既不准确也不安全。</p>',
  },
  {
    questions_id: 'XS-104',
    type: 4,
    trunk: '<p>我国安全生产的方针是“安全第一、____为主、综合治理”。</p>',
    points: 30,
    options: [],
    answer: '预防',
    analysis: '<p>《安全生产法》规定的方针。</p>',
  },
];

/** The token the bank gives a user for a paper (the server must send it back with the answers). */
export const fakeBankToken = (userId: string, paperId: string) => `xs-${createHash('sha256').update(`${userId}:${paperId}`).digest('hex').slice(0, 24)}`;

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
};

const sameAnswer = (q: BankQuestion, given: string) =>
  q.type === 2
    ? given
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .sort()
        .join(',') === q.answer
    : given.trim() === q.answer;

function paperAnswer() {
  const map: Record<string, unknown[]> = {};
  for (const q of FAKE_BANK_QUESTIONS) {
    const group = map[String(q.type)] ?? [];
    map[String(q.type)] = group;
    group.push({
      questions_id: q.questions_id,
      id: q.questions_id,
      questionType: q.type,
      trunk: q.trunk,
      examPoint: q.points,
      questionContentVO: { content: null, optionList: q.options.map(([key, value]) => ({ key, value })) },
      readQuestionList: [],
      submit: { user_answer: '', is_right: null },
    });
  }
  return { title: '电工安全技术题库练习', description: '来自题库的安全技术练习，共 4 题。', questionResultVOMap: map };
}

export async function startFakeBank(options: { port?: number; host?: string } = {}): Promise<FakeBank> {
  const host = options.host ?? '127.0.0.1';
  const state = { calls: [] as FakeBankCall[], mode: 'ok' as FakeBankMode };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    if (req.method === 'GET' && url.pathname === '/health') return json(res, 200, { status: 'ok' });
    if (req.method !== 'POST') return json(res, 404, { code: 404, msg: 'not found' });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return json(res, 400, { code: 400, msg: 'bad json' });
      }
      state.calls.push({ path: url.pathname, body });
      if (state.mode === 'hangup') return req.socket.destroy();
      if (state.mode === 'http500') return json(res, 500, { code: 500, msg: 'down' });
      if (state.mode === 'error') return json(res, 200, { code: 500, msg: 'bank error', data: null });
      if (state.mode === 'garbage') return json(res, 200, { code: 0, data: { paper: 'nothing', results: 'none' } });
      const paperId = String(body['paperId'] ?? '');
      const userId = String(body['userId'] ?? '');
      if (paperId !== BANK_PAPER_ID) return json(res, 200, { code: 404, msg: 'no such paper', data: null });
      switch (url.pathname) {
        case '/paper':
          return json(res, 200, { code: 0, data: { paper: paperAnswer(), userToken: fakeBankToken(userId, paperId) } });
        case '/submit': {
          if (body['userToken'] !== fakeBankToken(userId, paperId)) return json(res, 200, { code: 401, msg: 'token', data: null });
          const given = new Map(
            (Array.isArray(body['userAnswerObjects']) ? body['userAnswerObjects'] : []).map((a: { questions_id?: unknown; user_answer?: unknown }) => [
              String(a.questions_id),
              String(a.user_answer ?? ''),
            ]),
          );
          const results = FAKE_BANK_QUESTIONS.map((q) => {
            const right = sameAnswer(q, given.get(q.questions_id) ?? '');
            return { questions_id: q.questions_id, is_right: right ? 1 : 0, right_answer: q.answer, analysis: q.analysis };
          });
          const score = FAKE_BANK_QUESTIONS.reduce((sum, q, i) => sum + (results[i]!.is_right ? q.points : 0), 0);
          return json(res, 200, { code: 0, data: { recordId: `r-${state.calls.length}`, score, results } });
        }
        default:
          return json(res, 404, { code: 404, msg: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}/`,
    port,
    get calls() {
      return state.calls;
    },
    get mode() {
      return state.mode;
    },
    set mode(m: FakeBankMode) {
      state.mode = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
