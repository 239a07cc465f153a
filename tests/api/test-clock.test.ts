import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY, HOUR, NOW, startEachTestAtNow, startTestServer, useTestServer, type TestServer } from '../setup/server';
import { testScope } from '../setup/scope';

/**
 * The guarantee every API test relies on (tests/setup/server.ts): each test starts with its server's
 * clock at NOW, whatever the tests before it (in any order, `--sequence.shuffle.tests`) did to it.
 * Each test here checks the start value and then moves the clock: run second, it fails without the reset.
 */

const server = useTestServer({}, { seed: false });

/** The time the server itself reads for a request (a request scope's `now`), not only the test's clock object. */
const serverNow = (s: TestServer) => testScope(s.runtime, 'test-clock-0001').now;

describe('a file’s server (useTestServer)', () => {
  test('a test that moves the clock a day forward leaves the next test at NOW', () => {
    expect(server().clock.value).toBe(NOW);
    expect(serverNow(server())).toBe(NOW);
    server().clock.advance(DAY);
    expect(serverNow(server())).toBe(NOW + DAY);
  });

  test('a test that sets the clock back a day leaves the next test at NOW', () => {
    expect(server().clock.value).toBe(NOW);
    expect(serverNow(server())).toBe(NOW);
    server().clock.set(NOW - DAY);
    expect(serverNow(server())).toBe(NOW - DAY);
  });
});

describe('servers a file starts itself (startEachTestAtNow)', () => {
  let own: TestServer | undefined;
  beforeAll(async () => {
    own = await startTestServer({}, { seed: false });
  });
  afterAll(async () => {
    await own?.close();
  });
  startEachTestAtNow(() => [own]);

  test('one test moves the clock two days forward', () => {
    expect(own!.clock.value).toBe(NOW);
    own!.clock.advance(2 * DAY);
  });

  test('another test moves it an hour back', () => {
    expect(own!.clock.value).toBe(NOW);
    own!.clock.set(NOW - HOUR);
  });
});
