import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new directory under the system's temporary directory, removed with what it holds when the test
 * that asked for it ends, passed or failed: test runs leave nothing behind in /tmp. Only inside a
 * test: elsewhere onTestFinished throws, before anything is made.
 */
export function testTempDir(prefix: string): string {
  let dir: string | undefined;
  onTestFinished(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  dir = mkdtempSync(join(tmpdir(), prefix));
  return dir;
}
