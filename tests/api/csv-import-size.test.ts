import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as bank from '~/lib/api/contracts/admin-bank';
import * as certs from '~/lib/api/contracts/admin-certificates';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as content from '~/lib/api/contracts/admin-content';
import { urlOf } from '~/lib/api/contract';
import { CSV_IMPORT_CHARS, csvBodyBytes } from '~/lib/csv-import';
import { decodeCsvBytes } from '~/lib/learning/class-admin';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { MAX_BODY_BYTES } from '~/server/http/validate';
import { DEMO, startGateway, useTestServer } from '../setup/server';
import { asStaff } from '../setup/staff';
import { freshStudentMobile, makeClass, staffer, type Staffer } from '../setup/classes';
import { idNumber } from '~/dev/seed/certificates';

/**
 * The CSV imports take the files they document (decision 049): students 100,000 characters,
 * questions 400,000, certificates 1,000,000, in Chinese text that is three bytes a character in
 * the JSON body (about 3 MB for certificates), through the request gate scripts/start.mjs runs and
 * the API behind it. One character more is the import's own refusal; a body past the import's byte
 * limit is the gate's 413 envelope before anything reads it, and every other call keeps the small
 * general limits (the gate's MAX_BODY_BYTES, the API's 256 KB).
 */

const server = useTestServer();
let gateway: Awaited<ReturnType<typeof startGateway>>;
let admin: Staffer;
let teacher: Staffer;

beforeAll(async () => {
  gateway = await startGateway(server());
  admin = await staffer(server(), DEMO.id, STAFF_ROLE.admin);
  teacher = await staffer(server(), DEMO.id, STAFF_ROLE.teacher);
});
afterAll(async () => {
  await gateway?.close();
});

interface Got {
  status: number;
  body: { code: number; data: any; message: string };
}

/** POSTs raw bytes to the gateway: with their length declared, or chunked (no length) when `chunked`. */
function send(path: string, who: Staffer, body: Buffer, chunked = false): Promise<Got> {
  const { headers } = asStaff(who.session, DEMO.id, { 'Content-Type': 'application/json' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${gateway.url}${path}`,
      { method: 'POST', headers: { ...headers, ...(chunked ? {} : { 'Content-Length': String(body.length) }) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    // The gate may cut a refused body off after answering: the answer is what counts.
    req.on('error', (e) => (/EPIPE|ECONNRESET/.test(e.message) ? undefined : reject(e)));
    if (chunked) {
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

const json = (csv: string, apply = false) => Buffer.from(JSON.stringify({ csv, apply }), 'utf8');

/** Chinese filler: three bytes of UTF-8 each character, no comma, quote or line break. */
const filler = (n: number) => '实训备注说明'.repeat(Math.ceil(n / 6)).slice(0, n);

/**
 * A file of exactly `chars` characters: the header, then `rows` rows, each ending in a 备注 column
 * (which no import reads) filled with Chinese text so that the whole is exactly `chars` long.
 */
function fileOf(chars: number, header: string, rows: string[]): string {
  const bare = `${header},备注\r\n${rows.map((r) => `${r},\r\n`).join('')}`;
  const room = chars - bare.length;
  expect(room).toBeGreaterThan(rows.length);
  const each = Math.floor(room / rows.length);
  const extra = room - each * rows.length;
  const text = `${header},备注\r\n${rows.map((r, i) => `${r},${filler(each + (i === 0 ? extra : 0))}\r\n`).join('')}`;
  expect(text.length).toBe(chars);
  return text;
}

/** The text in GBK (ASCII as is, every other character by its two-byte code), for a file as Excel writes it. */
function gbk(text: string): Buffer {
  const codes = new Map<string, number>();
  const decoder = new TextDecoder('gbk');
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const ch = decoder.decode(Uint8Array.of(lead, trail));
      if (ch.length === 1 && ch !== '\ufffd' && !codes.has(ch)) codes.set(ch, (lead << 8) | trail);
    }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out.push(code);
    else {
      const c = codes.get(ch);
      if (c === undefined) throw new Error(`no GBK code for ${ch}`);
      out.push(c >> 8, c & 0xff);
    }
  }
  return Buffer.from(out);
}

let serial = 0;
const freshNumber = () => `SZ-${process.pid}-${++serial}`;
const freshId = () => {
  serial += 1;
  const day = String((serial % 28) + 1).padStart(2, '0');
  return idNumber(`11010519900${(serial % 9) + 1}${day}${String(Math.floor(serial / 28) % 1000).padStart(3, '0')}`);
};

describe('each import takes a file of its documented size through the gate', () => {
  test('certificates: 1,000,000 characters (about 3 MB of body) are read and reported row by row', async () => {
    const rows = Array.from({ length: 1000 }, () => `职业技能等级证书,王建国,居民身份证,${freshId()},,${freshNumber()},电工,,四级/中级工,2026-06-30,,,,`);
    const csv = fileOf(
      CSV_IMPORT_CHARS.certificates,
      '证书类型,姓名,证件类型,证件号码,手机号码,证书编号,职业名称,工种,等级,发证日期,培训项目,培训机构,开始日期,结束日期',
      rows,
    );
    const body = json(csv);
    // Far above both general limits: the gate's (MAX_BODY_BYTES, 1 MiB by default) and the API's (256 KB).
    expect(body.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(body.length).toBeLessThanOrEqual(csvBodyBytes(CSV_IMPORT_CHARS.certificates));
    const got = await send(urlOf(certs.adminCertificateImport), admin, body);
    expect(got.status, JSON.stringify(got.body).slice(0, 300)).toBe(200);
    expect(got.body.code).toBe(0);
    expect(got.body.data.applied).toBe(false);
    expect(got.body.data.rows).toHaveLength(1000);
    expect(got.body.data.counts).toEqual({ added: 1000, exists: 0, refused: 0 });
  });

  test('certificates, sent chunked (no declared length): the same file passes', async () => {
    const csv = fileOf(CSV_IMPORT_CHARS.certificates, '证书类型,姓名,证件类型,证件号码,证书编号,职业名称,等级,发证日期', [
      `职业技能等级证书,李梅,居民身份证,${freshId()},${freshNumber()},电工,四级/中级工,2026-06-30`,
    ]);
    const got = await send(urlOf(certs.adminCertificateImport), admin, json(csv), true);
    expect(got.status).toBe(200);
    expect(got.body.data.counts).toEqual({ added: 1, exists: 0, refused: 0 });
  });

  test('a GBK file (what Excel saves on a Chinese Windows) of 1,000,000 characters, read as the screen reads it, passes', async () => {
    const csv = fileOf(CSV_IMPORT_CHARS.certificates, '证书类型,姓名,证件类型,证件号码,证书编号,职业名称,等级,发证日期', [
      `职业技能等级证书,周敏,居民身份证,${freshId()},${freshNumber()},电工,四级/中级工,2026-06-30`,
    ]);
    const file = gbk(csv);
    // Two bytes a Chinese character in the file; the screen decodes it to the same text.
    expect(file.length).toBeGreaterThan(1.9 * 1024 * 1024);
    const text = decodeCsvBytes(file);
    expect(text).toBe(csv);
    const got = await send(urlOf(certs.adminCertificateImport), admin, json(text));
    expect(got.status).toBe(200);
    expect(got.body.data.counts).toEqual({ added: 1, exists: 0, refused: 0 });
  });

  test('questions: 400,000 characters (about 1.2 MB, above the gate’s general 1 MiB) are read and reported', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `判断,导入,大文件判断题${process.pid}-${i},,,,对,1,`);
    const csv = fileOf(CSV_IMPORT_CHARS.questions, '题型,分类,题干,选项A,选项B,选项C,答案,分值,解析', rows);
    const body = json(csv);
    expect(body.length).toBeGreaterThan(server().runtime.config.MAX_BODY_BYTES);
    const got = await send(urlOf(bank.bankQuestionImport), teacher, body);
    expect(got.status, JSON.stringify(got.body).slice(0, 300)).toBe(200);
    expect(got.body.data.rows).toHaveLength(500);
    expect(got.body.data.counts.refused).toBe(0);
  });

  test('students of a class: 100,000 characters (about 300 KB, above the API’s general 256 KB) are read and reported', async () => {
    const klass = await makeClass(server(), admin, DEMO.id);
    const rows = Array.from({ length: 300 }, (_, i) => `${freshStudentMobile()},学员${i},`);
    const csv = fileOf(CSV_IMPORT_CHARS.students, '手机号,姓名,期次', rows);
    const body = json(csv);
    expect(body.length).toBeGreaterThan(MAX_BODY_BYTES);
    const got = await send(urlOf(cls.adminClassImport, { id: klass.id }), admin, body);
    expect(got.status, JSON.stringify(got.body).slice(0, 300)).toBe(200);
    expect(got.body.data.rows).toHaveLength(300);
    expect(got.body.data.rows.every((r: { outcome: string }) => r.outcome === 'added')).toBe(true);
  });
});

describe('past the documented size', () => {
  test('one character more is the import’s own refusal (not a 413)', async () => {
    const csv = 'a'.repeat(CSV_IMPORT_CHARS.certificates + 1);
    const got = await send(urlOf(certs.adminCertificateImport), admin, json(csv));
    expect(got.body).toMatchObject({ code: 400, data: null, message: expect.stringMatching(/^文件太大/) });
  });

  test.each([
    ['declared', false],
    ['chunked', true],
  ] as const)('a body past the import’s byte limit (%s) is the 413 envelope, and nothing behind the gate reads it', async (_how, chunked) => {
    const before = gateway.handled();
    const body = Buffer.alloc(csvBodyBytes(CSV_IMPORT_CHARS.certificates) + 1, 0x61);
    const got = await send(urlOf(certs.adminCertificateImport), admin, body, chunked);
    expect(got.status).toBe(413);
    expect(got.body).toEqual({ code: 413, data: null, message: '请求内容过大' });
    expect(gateway.handled()).toBe(before);
  });

  test('the students import keeps its own, smaller limit', async () => {
    const klass = await makeClass(server(), admin, DEMO.id);
    const body = Buffer.alloc(csvBodyBytes(CSV_IMPORT_CHARS.certificates), 0x61);
    const got = await send(urlOf(cls.adminClassImport, { id: klass.id }), admin, body);
    expect(got.status).toBe(413);
  });
});

describe('every other call keeps the general limits', () => {
  test('past the gate’s MAX_BODY_BYTES: 413 at the gate', async () => {
    const before = gateway.handled();
    const body = Buffer.alloc(server().runtime.config.MAX_BODY_BYTES + 1, 0x61);
    const got = await send(urlOf(content.adminNewsSave), admin, body);
    expect(got.status).toBe(413);
    expect(got.body).toEqual({ code: 413, data: null, message: '请求内容过大' });
    expect(gateway.handled()).toBe(before);
  });

  test('past the API’s 256 KB (under the gate’s limit): 413 from the API, declared or chunked', async () => {
    const body = json('x'.repeat(MAX_BODY_BYTES));
    expect(body.length).toBeLessThan(server().runtime.config.MAX_BODY_BYTES);
    for (const chunked of [false, true]) {
      const got = await send(urlOf(content.adminNewsSave), admin, body, chunked);
      expect(got.status).toBe(413);
      expect(got.body).toEqual({ code: 413, data: null, message: '请求内容过大' });
    }
  });

  test('a path that only looks like an import (another segment, a trailing slash) keeps the general limit', async () => {
    const body = Buffer.alloc(server().runtime.config.MAX_BODY_BYTES + 1, 0x61);
    for (const path of ['/api/admin/certificates/import/', '/api/admin/certificates/import/x', '/api/admin/classes/a/b/students/import']) {
      expect((await send(path, admin, body)).status, path).toBe(413);
    }
  });
});
