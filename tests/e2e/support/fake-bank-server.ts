// The fake external question bank for the browser tests, started by playwright.config.ts
// (`npx tsx tests/e2e/support/fake-bank-server.ts`) on E2E_FAKE_BANK_PORT.
import { startFakeBank } from '../../setup/fake-bank';
import { E2E_FAKE_BANK_PORT } from './env';

void startFakeBank({ port: E2E_FAKE_BANK_PORT }).then((fake) => {
  process.stdout.write(`fake question bank on ${fake.url}\n`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
});
