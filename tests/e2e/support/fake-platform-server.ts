// The fake third-party course platform for the browser tests, started by playwright.config.ts
// (`npx tsx tests/e2e/support/fake-platform-server.ts`) on E2E_FAKE_PLATFORM_PORT.
import { startFakePlatform } from '../../setup/fake-platform';
import { E2E_FAKE_PLATFORM_PORT, E2E_THIRD_PARTY_SECRET } from './env';

void startFakePlatform({ secret: E2E_THIRD_PARTY_SECRET, port: E2E_FAKE_PLATFORM_PORT }).then((fake) => {
  process.stdout.write(`fake third-party platform on ${fake.url}\n`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
});
