import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import * as mediaApi from '~/lib/api/contracts/admin-media';
import type { AdminMediaAsset } from '~/lib/api/contracts/admin-media';
import { MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { jobOf } from '~/server/jobs/jobs.service';
import { JOB_STATE } from '~/server/jobs/jobs.rules';
import { MEDIA_PROCESS_JOB } from '~/server/media-library/media-library.service';
import { probe } from '~/server/media-library/media-library.ffmpeg';
import { MediaToolMissing, createMediaTools, type MediaToolsStatus } from '~/server/media-tools';
import { metricsText } from '~/server/metrics';
import type { Logger } from '~/server/logger';
import { DEMO, makeDatabase, startTestServer, useTestServer, type TestServer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { testAudio, testVideo } from '../setup/media';

/**
 * A server without ffmpeg and ffprobe (FFMPEG_PATH and FFPROBE_PATH pointed where nothing is): it
 * says so at start (a warning naming the fix, the metric at 0, /readyz), and a video's processing
 * job fails at once as failed, the file saying what staff should do, instead of "the file may be
 * damaged" on a job counted as done. A program removed or installed after start is seen at its
 * next run.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NOWHERE = join(tmpdir(), `no-media-tools-${process.pid}`);
const WITHOUT = { FFMPEG_PATH: join(NOWHERE, 'ffmpeg'), FFPROBE_PATH: join(NOWHERE, 'ffprobe') };
const FIX = 'apt-get install ffmpeg';
const TOOLS_MISSING = '服务器未安装视频处理组件（ffmpeg），请联系管理员安装后重试';

const without = useTestServer(WITHOUT);

/** A server of the test's own, so its one check of the programs happens in the test. */
async function withServer(env: Record<string, string>, run: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer(env, { seed: false });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

/** Where a program is on the PATH. */
const onPath = (tool: string) =>
  (process.env['PATH'] ?? '')
    .split(':')
    .map((d) => join(d, tool))
    .find((p) => existsSync(p))!;

type Line = { level: string; msg: string; fields: Record<string, unknown> | undefined };

/** Keeps what the server logs from now on (its logger is read at each line). */
function recordLog(server: TestServer): Line[] {
  const lines: Line[] = [];
  const keep = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields });
  server.runtime.logger = {
    debug: keep('debug'),
    info: keep('info'),
    warn: keep('warn'),
    error: keep('error'),
    repeating: (level, msg, fields) => keep(level)(msg, fields),
  } satisfies Logger;
  return lines;
}

const gauge = async () => /^portal_ffmpeg_available (\d)$/m.exec(await metricsText())?.[1];

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Uploads a file whole through the resumable upload, as the media screen does; answers the asset's id. */
async function upload(server: TestServer, session: TestStaffSession, name: string, bytes: Uint8Array): Promise<string> {
  const headers = { ...asStaff(session, DEMO.id).headers, TenantId: DEMO.id, 'Tus-Resumable': '1.0.0' };
  const made = await server.fetch(MEDIA_UPLOAD_PATH, {
    method: 'POST',
    headers: { ...headers, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${b64(name)}` },
  });
  expect(made.status, made.text).toBe(201);
  const done = await server.fetch(made.headers.get('location')!, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes as unknown as BodyInit,
  });
  expect(done.status, done.text).toBe(204);
  return done.headers.get('media-asset-id')!;
}

async function assetOf(server: TestServer, session: TestStaffSession, id: string): Promise<AdminMediaAsset> {
  const page = await server.call(mediaApi.adminMediaPage as never, { size: 100 } as never, asStaff(session, DEMO.id));
  return (page.body.data.records as AdminMediaAsset[]).find((a) => a.id === id)!;
}

describe('a server without ffmpeg', () => {
  test('says so: a warning naming the fix, the metric at 0; /readyz stays ready and says it', () =>
    withServer(WITHOUT, async (server) => {
      const lines = recordLog(server);
      const ready = await server.fetch('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', mediaTools: 'missing' });
      expect(await server.runtime.providers.mediaTools.status()).toEqual({ available: false, missing: ['ffprobe', 'ffmpeg'] });
      expect(await gauge()).toBe('0');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.level).toBe('warn');
      expect(lines[0]!.msg).toMatch(/^ffprobe and ffmpeg not found: apt-get install ffmpeg/);
      expect(lines[0]!.fields).toMatchObject({ missing: ['ffprobe', 'ffmpeg'], ffmpeg: WITHOUT.FFMPEG_PATH });
      // Checked once: asking again neither runs anything nor logs again.
      await server.fetch('/readyz');
      expect(lines).toHaveLength(1);
    }));

  test.each([
    ['a video', 'lesson.mp4', () => testVideo(640, 360, 1)],
    ['an audio file', 'talk.mp3', () => testAudio(1)],
  ])(
    '%s: the job fails at once as failed and the file says what to do, not that it is damaged',
    async (_kind, name, bytes) => {
      const account = await makeStaff(without(), DEMO.id, STAFF_ROLE.teacher);
      const session = await sessionOf(without(), account);
      const id = await upload(without(), session, name, bytes());
      const lines = recordLog(without());
      const run = await runDueJobs(jobScope(without().runtime));
      const job = await jobOf(without().runtime.db, MEDIA_PROCESS_JOB, id);
      expect(run.failed).toContain(job!.id);
      expect(run.done).not.toContain(job!.id);
      expect(job).toMatchObject({ state: JOB_STATE.failed, attempts: 1, lastError: TOOLS_MISSING });
      expect(await assetOf(without(), session, id)).toMatchObject({ state: 'failed', error: TOOLS_MISSING });
      expect(lines.find((l) => l.msg === 'media processing needs a program the server lacks')?.fields).toMatchObject({ asset: id, tool: 'ffprobe' });
      // No further try is queued: it waits for staff to run it again once the server has ffmpeg.
      without().clock.advance(24 * 3_600_000);
      expect((await runDueJobs(jobScope(without().runtime))).failed).toEqual([]);
    },
    60_000,
  );
});

describe('a server with ffmpeg', () => {
  test('the metric at 1, /readyz ok, no warning', () =>
    withServer({}, async (server) => {
      const lines = recordLog(server);
      expect((await server.fetch('/readyz')).body).toMatchObject({ status: 'ok', mediaTools: 'ok' });
      expect(await gauge()).toBe('1');
      expect(lines.map((l) => l.level)).toEqual(['info']);
    }));
});

describe('the media tools follow what their runs find', () => {
  test('a program removed after start is missing at its next run; installed again, it is found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-tools-'));
    try {
      const paths = { ffmpeg: join(dir, 'ffmpeg'), ffprobe: join(dir, 'ffprobe') };
      symlinkSync(onPath('ffmpeg'), paths.ffmpeg);
      symlinkSync(onPath('ffprobe'), paths.ffprobe);
      const reports: MediaToolsStatus[] = [];
      const tools = createMediaTools(paths, (s) => reports.push(s));
      expect(await tools.status()).toEqual({ available: true, missing: [] });

      const file = join(dir, 'tone.mp3');
      writeFileSync(file, testAudio(1));
      rmSync(paths.ffprobe);
      await expect(probe(tools, file)).rejects.toBeInstanceOf(MediaToolMissing);
      expect(await tools.status()).toEqual({ available: false, missing: ['ffprobe'] });

      symlinkSync(onPath('ffprobe'), paths.ffprobe);
      expect(JSON.parse(await probe(tools, file)).format).toBeTruthy();
      expect(await tools.status()).toEqual({ available: true, missing: [] });
      expect(reports).toEqual([
        { available: true, missing: [] },
        { available: false, missing: ['ffprobe'] },
        { available: true, missing: [] },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('at start', () => {
  const children = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  test('the server process warns before any request when ffmpeg is missing, naming the fix', async () => {
    const database = await makeDatabase();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/api-process.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...WITHOUT, DATABASE_URL: database.url, NODE_ENV: 'test', LOG_LEVEL: 'warn', API_PROCESS_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      await expect.poll(() => out, { timeout: 30_000 }).toMatch(/READY \d+/);
      await expect.poll(() => out, { timeout: 10_000 }).toContain(FIX);
      const warning = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: string; msg: string; missing?: string[] })
        .find((l) => l.msg.includes(FIX));
      expect(warning).toMatchObject({ level: 'warn', missing: ['ffprobe', 'ffmpeg'] });
      const port = /READY (\d+)/.exec(out)![1];
      expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()).toMatchObject({ status: 'ok', mediaTools: 'missing' });
      child.kill('SIGTERM');
    } finally {
      await database.drop();
    }
  });
});
