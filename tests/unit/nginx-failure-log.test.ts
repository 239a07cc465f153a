import { expect, test } from 'vitest';
import { nginxFailureLog } from '../setup/nginx-conf';

/**
 * The rolling restart's failure message (tests/e2e/operations-rolling-restart.spec.ts) keeps from nginx's debug log
 * what explains a cut request: the warnings and alerts, each named connection's lines and the alerting worker's own.
 */
const LOG = [
  '2026/12/06 21:41:57 [debug] 5702#5702: *10290 http upstream request: "/?"',
  '2026/12/06 21:41:57 [debug] 5702#5702: *10297 http upstream request: "/?"',
  '2026/12/06 21:41:57 [debug] 5701#5701: *10299 http upstream request: "/api/x?"',
  '2026/12/06 21:41:58 [notice] 5702#5702: gracefully shutting down',
  '2026/12/06 21:41:58 [debug] 5702#5702: worker cycle',
  '2026/12/06 21:41:58 [debug] 5702#5702: *10297 pipe read upstream: 1',
  '2026/12/06 21:41:58 [notice] 5702#5702: exiting',
  '2026/12/06 21:41:58 [alert] 5702#5702: *10297 open socket #13 left in connection 8',
  '2026/12/06 21:41:58 [alert] 5702#5702: *10300 open socket #4 left in connection 9',
  '2026/12/06 21:41:58 [alert] 5702#5702: aborting',
  '2026/12/06 21:41:58 [debug] 5701#5701: worker cycle',
].join('\n');

test('the alerts, then the lines of each connection they name and of the worker that raised them', () => {
  expect(nginxFailureLog(LOG).split('\n')).toEqual([
    '2026/12/06 21:41:58 [alert] 5702#5702: *10297 open socket #13 left in connection 8',
    '2026/12/06 21:41:58 [alert] 5702#5702: *10300 open socket #4 left in connection 9',
    '2026/12/06 21:41:58 [alert] 5702#5702: aborting',
    '-- connection *10297',
    '2026/12/06 21:41:57 [debug] 5702#5702: *10297 http upstream request: "/?"',
    '2026/12/06 21:41:58 [debug] 5702#5702: *10297 pipe read upstream: 1',
    '2026/12/06 21:41:58 [alert] 5702#5702: *10297 open socket #13 left in connection 8',
    '-- connection *10300',
    '2026/12/06 21:41:58 [alert] 5702#5702: *10300 open socket #4 left in connection 9',
    '-- worker 5702, its own lines',
    '2026/12/06 21:41:58 [notice] 5702#5702: gracefully shutting down',
    '2026/12/06 21:41:58 [debug] 5702#5702: worker cycle',
    '2026/12/06 21:41:58 [notice] 5702#5702: exiting',
    '2026/12/06 21:41:58 [alert] 5702#5702: aborting',
  ]);
});

test('a quiet log gives nothing', () => {
  expect(nginxFailureLog('2026/12/06 21:41:57 [debug] 5702#5702: worker cycle\n')).toBe('');
});
