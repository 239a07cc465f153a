// Prints a /sso-login link for trying single sign-on by hand (development and operators):
//   npx tsx scripts/sso-token.ts <mobile> [tenantId] [redirect]
// Signed with SSO_SHARED_SECRET from the environment (the development default outside
// production). Valid 5 minutes, usable once. Format: docs/api.md, "Single sign-on".
import { parseConfig } from '../src/server/config';
import { makeSsoToken } from '../src/server/login/sso.service';

const [mobile, tenantId = '1000000000000000001', redirect = '/'] = process.argv.slice(2);
// Development mode unless NODE_ENV says otherwise (production refuses the development secret).
const config = parseConfig({ NODE_ENV: 'development', ...process.env });
if (!mobile || !/^1\d{10}$/.test(mobile)) {
  console.error('usage: sso-token.ts <mobile> [tenantId] [redirect]');
  process.exit(2);
}
if (!config.SSO_SHARED_SECRET) {
  console.error('SSO_SHARED_SECRET is not set (single sign-on is off in production without it)');
  process.exit(2);
}
const ticket = makeSsoToken(config.SSO_SHARED_SECRET, { mobile, tenantId, nowMs: Date.now() });
console.log(`http://localhost:${config.PORT}/sso-login?ticket=${ticket}&redirect=${encodeURIComponent(redirect)}`);
