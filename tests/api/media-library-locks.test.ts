import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { UPLOAD_LOCK_RENEW_MS, UPLOAD_LOCK_WAIT_MS, databaseLocker } from '~/server/media-library/upload-locks';
import { DEMO, STORAGE_DRIVERS, useTestServer, type Answer } from '../setup/server';
import { makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { createUpload, patchUpload, tusCall, uploadIdOf } from '../setup/tus';
import { asInstance, useInstanceBeside, type Instance } from '../setup/instances';

/**
 * The locks of resumable uploads across instances (decision 055), on both drivers (the local one
 * with two instances on one upload directory, the s3 one with two disks and one bucket):
 * - two pieces sent at once for one upload through two instances never interleave: one is written,
 *   the other waits for it and is then refused (409) unless it starts where the first ended; the
 *   stored file is exactly the accepted pieces in order (a property over sizes, pacing and offsets);
 * - a piece that stalls holds the lock only until a request through the other instance asks for it:
 *   the stalled request lets go with the bytes it has, and the asking one gets the offset they reached;
 * - a holder that does not let go (another process, stuck) keeps the lock: the asking request is
 *   answered 423 (the protocol's "locked") after its wait; killed (SIGKILL), its lock holds while
 *   its lease lasts and is taken over once the lease has run out.
 */

const PDF_HEAD = Buffer.from('%PDF-1.4\n');

/** A piece of `length` bytes all `fill`, starting as a PDF when it is the file's start (the upload's content check). */
function pieceOf(fill: string, offset: number, length: number): Buffer {
  const bytes = Buffer.alloc(length, fill);
  if (offset === 0) PDF_HEAD.copy(bytes);
  return bytes;
}

/** A body sent in `count` chunks `gapMs` apart: a request that takes a while, as over a slow network. */
function trickle(bytes: Uint8Array, count: number, gapMs: number): ReadableStream<Uint8Array> {
  const size = Math.ceil(bytes.length / count);
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent > 0) await sleep(gapMs);
      controller.enqueue(bytes.subarray(sent, sent + size));
      sent += size;
      if (sent >= bytes.length) controller.close();
    },
  });
}

/** A body that sends its first bytes and then nothing (a client gone quiet); `end` closes it. */
function stalled(first: Uint8Array): { body: ReadableStream<Uint8Array>; end: () => void } {
  let control: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      control = controller;
      controller.enqueue(first);
    },
  });
  return {
    body,
    end: () => {
      try {
        control?.close();
      } catch {
        // Already cancelled by the server that stopped reading it.
      }
    },
  };
}

describe.each(STORAGE_DRIVERS)('on the %s store', (driver) => {
  const server = useTestServer({}, { storage: driver });
  // The local driver's instances share an upload directory (one machine, or a shared volume); the s3 driver's have their own.
  const other = useInstanceBeside(server, { shareUploadDir: driver === 'local' });
  const instances = (): [Instance, Instance] => [asInstance(server()), other()];

  async function teacher(): Promise<TestStaffSession> {
    return sessionOf(server(), await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher));
  }

  async function storedBytes(assetId: string): Promise<Buffer> {
    const asset = await server().runtime.db.selectFrom('mediaAssets').selectAll().where('id', '=', assetId).executeTakeFirstOrThrow();
    return (await server().runtime.storage.read(asset.originalKey))!;
  }

  const lockRow = (uploadId: string) => server().runtime.db.selectFrom('mediaUploadLocks').selectAll().where('uploadId', '=', uploadId).executeTakeFirst();

  test('two pieces sent at once through two instances never interleave: the file is the accepted pieces in order', async () => {
    const session = await teacher();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          length: fc.integer({ min: 64, max: 48 * 1024 }),
          firstThrough: fc.integer({ min: 0, max: 1 }),
          secondStartsWhereFirstEnds: fc.boolean(),
          delayMs: fc.integer({ min: 0, max: 40 }),
          chunks: fc.integer({ min: 2, max: 6 }),
          gapMs: fc.integer({ min: 5, max: 30 }),
        }),
        async ({ length, firstThrough, secondStartsWhereFirstEnds, delayMs, chunks, gapMs }) => {
          const [x, y] = firstThrough === 0 ? instances() : instances().reverse();
          const size = 3 * length;
          const made = await createUpload(x!, session, '并发.pdf', size);
          expect(made.status, made.text).toBe(201);
          const location = made.headers.get('location')!;
          const pieces = [
            { offset: 0, bytes: pieceOf('A', 0, length) },
            { offset: secondStartsWhereFirstEnds ? length : 0, bytes: pieceOf('B', secondStartsWhereFirstEnds ? length : 0, length) },
          ];
          const sent: Promise<Answer>[] = [patchUpload(x!, session, location, pieces[0]!.offset, trickle(pieces[0]!.bytes, chunks, gapMs))];
          await sleep(delayMs);
          sent.push(patchUpload(y!, session, location, pieces[1]!.offset, trickle(pieces[1]!.bytes, chunks, gapMs)));
          const answers = await Promise.all(sent);
          for (const a of answers) expect([204, 409], a.text).toContain(a.status);
          // The accepted pieces: each written whole where it said it starts, one after the other from 0.
          const accepted = pieces.filter((_, i) => answers[i]!.status === 204).sort((p, q) => p.offset - q.offset);
          answers.forEach((a, i) => {
            if (a.status === 204) expect(Number(a.headers.get('upload-offset'))).toBe(pieces[i]!.offset + length);
          });
          expect(accepted.map((p) => p.offset)).toEqual(accepted.map((_, i) => i * length));
          const reached = accepted.length * length;
          expect((await tusCall(y!, session, 'HEAD', location)).headers.get('upload-offset')).toBe(String(reached));
          // Finished through either: the stored file is those pieces, then the rest.
          const rest = pieceOf('C', reached, size - reached);
          const done = await patchUpload(x!, session, location, reached, rest);
          expect(done.status, done.text).toBe(204);
          expect(Buffer.compare(await storedBytes(done.headers.get('media-asset-id')!), Buffer.concat([...accepted.map((p) => p.bytes), rest]))).toBe(0);
          expect(await lockRow(uploadIdOf(location))).toBeUndefined();
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);

  test('a stalled piece lets go when a request through the other instance asks: that one gets the offset the stalled piece reached', async () => {
    const session = await teacher();
    const [a, b] = instances();
    const made = await createUpload(a, session, '停顿.pdf', 4096);
    const location = made.headers.get('location')!;
    const id = uploadIdOf(location);
    const first = pieceOf('A', 0, 1000);
    const quiet = stalled(first);
    try {
      const held = patchUpload(a, session, location, 0, quiet.body);
      while (!(await lockRow(id))) await sleep(10);
      const asked = performance.now();
      const head = await tusCall(b, session, 'HEAD', location);
      const waited = performance.now() - asked;
      expect(head.status, head.text).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(first.length));
      // Noticed at the holder's next renewal, after tus's drain: well within the wait.
      expect(waited).toBeLessThan(UPLOAD_LOCK_WAIT_MS);
      const cut = await held;
      expect(cut.status).toBe(204);
      expect(cut.headers.get('upload-offset')).toBe(String(first.length));
    } finally {
      quiet.end();
    }
    // The upload goes on from there, through either instance.
    const done = await patchUpload(b, session, location, first.length, pieceOf('B', first.length, 4096 - first.length));
    expect(done.status, done.text).toBe(204);
    expect(await lockRow(id)).toBeUndefined();
  });

  // The lock does not depend on the driver: its holder's death is tested once, on the run's first driver.
  test.runIf(driver === STORAGE_DRIVERS[0])(
    'a holder that does not let go is waited for, then 423; killed, its lock is taken over once its lease ran out',
    async () => {
      const session = await teacher();
      const [a, b] = instances();
      const made = await createUpload(a, session, '被杀.pdf', 200);
      const location = made.headers.get('location')!;
      const id = uploadIdOf(location);
      expect((await patchUpload(a, session, location, 0, pieceOf('A', 0, 80))).status).toBe(204);

      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/upload-lock-process.ts'], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          UPLOAD_LOCK_CONFIG: JSON.stringify(server().runtime.config),
          UPLOAD_LOCK_NOW: String(server().clock.value),
          UPLOAD_LOCK_ID: id,
        },
      });
      let said = '';
      let errors = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => (said += text));
      child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ? -1 : code)));
      try {
        const deadline = Date.now() + 30_000;
        while (!said.includes('locked')) {
          if (Date.now() > deadline) throw new Error(`the holder never locked (${errors})`);
          await sleep(20);
        }
        // A request through another instance asks the holder (another process) to let go; this one
        // does not (stuck in its work), so the request is answered 423 after its wait.
        const asked = performance.now();
        const busy = await patchUpload(b, session, location, 80, pieceOf('B', 80, 120));
        expect(performance.now() - asked).toBeGreaterThanOrEqual(UPLOAD_LOCK_WAIT_MS);
        expect(busy.status).toBe(423);
        expect(busy.body).toEqual({ code: 423, data: null, message: '该文件正在上传，请稍后再试' });
        expect(said).toContain('asked');
      } finally {
        // kill -9: the holder never lets go and never renews again.
        process.kill(-child.pid!, 'SIGKILL');
      }
      expect(await exited).toBe(-1);

      // While its lease lasts the dead holder's lock is not taken.
      const row = await lockRow(id);
      expect(row).toBeDefined();
      const locker = databaseLocker({ db: other().runtime.db, clock: () => server().clock.value, logger: other().runtime.logger });
      await expect(locker.newLock(id).lock(AbortSignal.timeout(UPLOAD_LOCK_RENEW_MS * 2), () => undefined)).rejects.toMatchObject({ status_code: 400 });
      // Past it, the next request takes it over and the upload goes on.
      server().clock.set(Number(row!.leaseUntil) + 1);
      const head = await tusCall(b, session, 'HEAD', location);
      expect(head.status, head.text).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('80');
      expect((await patchUpload(b, session, location, 80, pieceOf('B', 80, 120))).status).toBe(204);
      expect(await lockRow(id)).toBeUndefined();
    },
    60_000,
  );
});
