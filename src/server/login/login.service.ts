import type { Scope } from '../http/scope';
import { AppError } from '../errors';
import { newId } from '../ids';
import { ErrorCode } from '~/lib/envelope';
import { t, type MessageKey } from '~/server/i18n';
import { HOUR } from '~/lib/time/cst';
import type { Binding, CodeLoginRequest, IssuedToken, LoginRequest, PasswordLoginRequest, ProfileUpdate, UserInfo } from '~/lib/api/contracts/login';
import { verifySmsCode } from '../sms/sms.service';
import * as identity from '../identity/identity.service';
import type { Authenticated, User, UserChanges } from '../identity/identity.service';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';

/**
 * Passwords are hashed one way for everyone who signs in to the portal: the staff side
 * (src/server/staff) uses these through this service.
 */
export { DUMMY_HASH, hashPassword, verifyPassword };
/** The throttles' rules, which the staff side's sign-in shares (decision 053). */
export { DEVICE_COOKIE, attemptVerdict, deviceCookie, newDeviceToken, trustedDevice } from './attempts.rules';
import { LOGIN_THROTTLE, addressFailureBudget, throttleKey } from './login.rules';
import { attemptVerdict, newDeviceToken, trustedDevice, type AttemptVerdict } from './attempts.rules';
import * as captcha from '../captcha/captcha.service';
import { captchaOf } from '../http/rules';
import * as repo from './login.repository';
import { ACCOUNT_STATUS } from '~/lib/status';

/**
 * Login (SMS code or password), binding to a school, the student's own profile and password.
 * Users, schools and sessions are identity's: this domain asks identity.service for them.
 *
 * Every wrong credential answers the same message (login.failed), whatever was wrong: unknown
 * mobile or username, no password set, wrong password, no code, wrong, expired, used or burned
 * code. An unknown account still costs one scrypt check (against DUMMY_HASH), so the answer time
 * does not tell either. Failures are counted in login_failures: per IP address (every kind of
 * login) and per account (password logins: the account the name belongs to, whichever of its
 * names was typed, or the typed name itself when it is nobody's); over the limit, logins are
 * refused for a while whatever the password. An address's budget grows with the distinct
 * accounts that logged in from it (login.rules.ts addressFailureBudget), so a classroom behind one
 * address is not locked out by its typos while a spray from one address is still stopped.
 */

const failed = () => AppError.badRequest(t('login.failed'));

/** The request's address as login_failures holds it (64 characters; an address is at most 45). */
const ipOf = (s: Scope) => s.ip.slice(0, 64);

/** What a login attempt is counted by: the account (null for a code login) and the browser's device cookie. */
export interface AttemptOf {
  account: string | null;
  /** The student device cookie the request came with (login.routes.ts reads it); null: none. */
  deviceToken: string | null;
  captcha?: { key: string; code: string } | undefined;
}

/**
 * Counts the attempt before anything is checked (attempts.rules.ts): writes its row, counts the
 * window with it, and refuses (taking the row back) when a limit is over: 429, or CAPTCHA_REQUIRED
 * when only the address's budget is, unless the attempt brings a captcha that passes. Returns the
 * row's id: the caller takes it back when the attempt succeeds, or leaves it as the failure.
 */
async function reserveAttempt(s: Scope, tenantId: string, a: AttemptOf, checkAddress = true): Promise<string> {
  const ip = ipOf(s);
  const since = s.now - LOGIN_THROTTLE.windowMs;
  const device = a.account === null ? null : trustedDevice(s.config.SESSION_SECRET, 'student', a.account, a.deviceToken);
  const id = newId(s.now);
  await repo.insertAttempt(s.db, { id, account: a.account, ip, device, createdAt: s.now });
  const known = a.account !== null && device !== null;
  // The address's budget is read only where it is asked.
  const [counts, loggedIn] = await Promise.all([
    repo.countWindow(s.db, { account: a.account, ip, device }, since),
    checkAddress && !known ? repo.countAccountsLoggedIn(s.db, ip, since) : 0,
  ]);
  const verdict = attemptVerdict(
    {
      trusted: device !== null,
      ...counts,
      addressBudget: checkAddress ? addressFailureBudget(loggedIn) : null,
      captchaGiven: a.captcha !== undefined,
    },
    LOGIN_THROTTLE,
  );
  await enforceVerdict(s, tenantId, verdict, a.captcha, () => repo.deleteFailure(s.db, id), {
    captcha: 'login.captchaRequired',
    tooMany: 'login.tooManyAttempts',
  });
  return id;
}

/**
 * What a throttle's verdict does, for the students' login and the staff's sign-in alike: nothing
 * when allowed; for a captcha, checks (and burns) the one that came along; otherwise, and when that
 * captcha fails, takes the attempt's row back and refuses: CAPTCHA_REQUIRED or 429.
 */
export async function enforceVerdict(
  s: Scope,
  tenantId: string,
  verdict: AttemptVerdict,
  given: { key: string; code: string } | undefined,
  takeBack: () => Promise<unknown>,
  messages: { captcha: MessageKey; tooMany: MessageKey },
): Promise<void> {
  if (verdict === 'allow') return;
  if (verdict === 'captcha' && given) {
    const check = await captcha.checkAndBurnCaptcha(s.db, tenantId, given.key, given.code, s.now);
    if (check === 'passed') return;
    await takeBack();
    throw new AppError(ErrorCode.CAPTCHA_REQUIRED, t(check === 'wrong' ? 'captcha.wrong' : 'captcha.expired'));
  }
  await takeBack();
  if (verdict === 'captcha') throw new AppError(ErrorCode.CAPTCHA_REQUIRED, t(messages.captcha));
  throw AppError.tooMany(t(messages.tooMany));
}

/**
 * A login that succeeded (its attempt taken back already): its account widens its address's budget
 * of failures for the window. Returns the device cookie to give the browser.
 */
async function recordSuccess(s: Scope, userId: string): Promise<string> {
  await repo.insertSuccess(s.db, { id: newId(s.now), userId, ip: ipOf(s), createdAt: s.now });
  await repo.deleteOldSuccesses(s.db, s.now - LOGIN_THROTTLE.windowMs);
  return newDeviceToken(s.config.SESSION_SECRET, 'student', throttleKey('', userId));
}

/** An attempt that failed: its row stays as the failure; rows older than the window never count again. */
async function recordFailure(s: Scope, attemptId: string): Promise<void> {
  await repo.settleFailure(s.db, attemptId);
  await repo.deleteOldFailures(s.db, s.now - LOGIN_THROTTLE.windowMs);
}

/** A disabled account is told so, once the credential was right. */
export function refuseDisabled(user: User): void {
  if (user.status !== ACCOUNT_STATUS.ACTIVE) throw AppError.badRequest(t('identity.userDisabled'));
}

/** A new session of the user in the school, valid SESSION_TTL_HOURS. */
export function issueSession(s: Scope, user: User, tenantId: string, applicationId: string | null): Promise<IssuedToken> {
  return identity.issueToken(s.db, { userId: user.id, tenantId, applicationId, now: s.now, ttlMs: s.config.SESSION_TTL_HOURS * HOUR });
}

/** Whether `code` is the newest MOBILE_LOGIN_REGISTER code sent to the mobile for the school (used up when it is). */
async function loginCodeMatches(s: Scope, tenantId: string, mobile: string, code: string): Promise<boolean> {
  try {
    await verifySmsCode(s, { tenantId, mobile, templateCode: 'MOBILE_LOGIN_REGISTER', code });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** A login's session, and the device cookie value that makes the browser known to the account. */
export interface LoggedIn {
  token: IssuedToken;
  deviceToken: string;
}

/** Either login; the body's tenantId names the school logged in to, else the request's. */
export async function login(s: Scope, a: LoginRequest, deviceToken: string | null): Promise<LoggedIn> {
  const tenant = await s.tenant(a.tenantId);
  const captcha = captchaOf(a);
  return a.grantType === 'PASSWORD' ? loginWithPassword(s, tenant.id, a, { deviceToken, captcha }) : loginWithCode(s, tenant.id, a, { deviceToken, captcha });
}

type Client = Omit<AttemptOf, 'account'>;

/**
 * MOBILE_LOGIN_REGISTER: the newest MOBILE_LOGIN_REGISTER code sent to the mobile for this school
 * must match; the user is created on first login (with the given nickName, if any). A code burns
 * after its own five wrong tries, so only the address's budget counts these attempts.
 */
async function loginWithCode(s: Scope, tenantId: string, a: CodeLoginRequest, client: Client): Promise<LoggedIn> {
  const attempt = await reserveAttempt(s, tenantId, { account: null, ...client });
  if (!(await loginCodeMatches(s, tenantId, a.mobile, a.code))) {
    await recordFailure(s, attempt);
    throw failed();
  }
  await repo.deleteFailure(s.db, attempt);
  let user = await identity.findOrCreateUser(s.db, a.mobile, s.now, a.nickName);
  refuseDisabled(user);
  if (a.nickName && user.nickName !== a.nickName) {
    // The join forms send the name the student typed; it becomes their nickname.
    await identity.updateUser(s.db, user.id, { nickName: a.nickName, updatedAt: s.now });
    user = { ...user, nickName: a.nickName };
  }
  const deviceToken = await recordSuccess(s, user.id);
  return { token: await issueSession(s, user, tenantId, s.headers.applicationId), deviceToken };
}

async function loginWithPassword(s: Scope, tenantId: string, a: PasswordLoginRequest, client: Client): Promise<LoggedIn> {
  const user = await identity.findUserByAccount(s.db, a.username.trim());
  // Mobile and username of one account share its budget; a name of nobody has its own.
  const account = throttleKey(a.username, user?.id ?? null);
  const attempt = await reserveAttempt(s, tenantId, { account, ...client });
  // Always one scrypt check, so an unknown account takes as long as a wrong password.
  const matches = await verifyPassword(a.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user?.passwordHash || !matches) {
    await recordFailure(s, attempt);
    throw failed();
  }
  await repo.deleteFailure(s.db, attempt);
  await repo.forgiveAccountFailures(s.db, account);
  refuseDisabled(user);
  const deviceToken = await recordSuccess(s, user.id);
  return { token: await issueSession(s, user, tenantId, s.headers.applicationId), deviceToken };
}

/**
 * The logged-in user acting on their own account only: a `userId` named must be theirs (403) and
 * a `tenantId` named the token's school (40009).
 */
export async function self(s: Scope, claim: { userId?: string | undefined; tenantId?: string | undefined }): Promise<Authenticated> {
  const auth = await s.user();
  const tenant = await s.tenant();
  if (claim.userId !== undefined && claim.userId !== auth.user.id) throw AppError.forbidden(t('login.notSelf'));
  if (claim.tenantId !== undefined && claim.tenantId !== tenant.id) throw new AppError(ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
  return auth;
}

/** Binds the logged-in user to the school (idempotent). */
export async function bind(s: Scope, claim: { userId: string; tenantId: string }): Promise<Binding> {
  await self(s, claim);
  const student = await s.student();
  return { tenantId: student.tenantId, userId: student.user.id, studentId: student.studentId };
}

/**
 * updateStudent: the logged-in user's nickname, real name and password. Setting the first password
 * needs only the token; changing one needs the current password or a fresh SMS code (so a stolen
 * session cannot lock the owner out), and ends every other session of the user.
 */
export async function updateProfile(s: Scope, u: ProfileUpdate): Promise<UserInfo> {
  const auth = await self(s, { userId: u.userId });
  const { user } = auth;
  const changes: UserChanges = { updatedAt: s.now };
  if (u.nickName !== undefined) changes.nickName = u.nickName;
  if (u.realName !== undefined) changes.realName = u.realName;
  if (u.password !== undefined) {
    if (user.passwordHash) await proveOwnership(s, user, u);
    changes.passwordHash = await hashPassword(u.password);
    changes.passwordUpdatedAt = s.now;
  }
  await identity.updateUser(s.db, user.id, changes);
  if (u.password !== undefined && user.passwordHash) await identity.endOtherSessions(s.db, user.id, auth.tokenHash, s.now);
  return identity.userInfoOf((await identity.findUser(s.db, user.id)) ?? user);
}

async function proveOwnership(s: Scope, user: User, u: ProfileUpdate): Promise<void> {
  if (!u.oldPassword && !u.code) throw AppError.badRequest(t('login.proofRequired'));
  const account = throttleKey(user.mobile, user.id);
  const tenantId = (await s.tenant()).id;
  // Signed in already: the address's budget is not asked, the account's limits are.
  const attempt = await reserveAttempt(s, tenantId, { account, deviceToken: null }, false);
  const proven = u.oldPassword
    ? await verifyPassword(u.oldPassword, user.passwordHash ?? DUMMY_HASH)
    : await loginCodeMatches(s, tenantId, user.mobile, u.code!);
  if (proven) {
    await repo.deleteFailure(s.db, attempt);
    return;
  }
  await recordFailure(s, attempt);
  throw AppError.badRequest(t('login.proofWrong'));
}
