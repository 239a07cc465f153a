import { describe, expect, test } from 'vitest';
import { ConfigError, DEV_CERTIFICATE_SECRET, DEV_PARTNER_SSO_SECRET, DEV_SSO_SECRET, parseConfig } from '~/server/config';

// Most cases speak of development mode; production is the default and tested on its own.
const DEV = { NODE_ENV: 'development' } as const;

const SECRET_A = 'a'.repeat(32);
const SECRET_B = 'b'.repeat(40);
const SECRET_C = 'c'.repeat(36);
/** What production needs besides its two secrets: a real SMS provider. */
const SMS = { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.test/send' } as const;
const PROD = { NODE_ENV: 'production', SESSION_SECRET: SECRET_A, TOKEN_PARAM_SECRET: SECRET_B, CERTIFICATE_SECRET: SECRET_C, ...SMS } as const;

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('parseConfig accepted the environment');
}

describe('parseConfig', () => {
  test('an empty environment is production: it refuses to start without its own secrets', () => {
    const problems = problemsOf({});
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['CERTIFICATE_SECRET', 'SESSION_SECRET', 'SMS_PROVIDER', 'TOKEN_PARAM_SECRET']);
  });

  test('production mode has no development helpers and no single sign-on without its own secret', () => {
    const c = parseConfig({ SESSION_SECRET: SECRET_A, TOKEN_PARAM_SECRET: SECRET_B, CERTIFICATE_SECRET: SECRET_C, ...SMS });
    expect(c.NODE_ENV).toBe('production');
    expect(c.developmentMode).toBe(false);
    expect(c.SSO_SHARED_SECRET).toBeNull();
    expect(c.PARTNER_SSO_SECRET).toBeNull();
  });

  test.each(['development', 'test'])('NODE_ENV=%s turns development mode on, with development secrets', (mode) => {
    const c = parseConfig({ NODE_ENV: mode });
    expect(c.developmentMode).toBe(true);
    expect(c.SSO_SHARED_SECRET).toBe(DEV_SSO_SECRET);
  });

  test.each([
    ['SESSION_SECRET', 'development-only-secret-change-me-0123456789'],
    ['TOKEN_PARAM_SECRET', 'development-only-secret-change-me-0123456789'],
    ['SSO_SHARED_SECRET', DEV_SSO_SECRET],
    ['PARTNER_SSO_SECRET', DEV_PARTNER_SSO_SECRET],
    ['CERTIFICATE_SECRET', DEV_CERTIFICATE_SECRET],
  ])('production refuses the public development default of %s', (key, value) => {
    const problems = problemsOf({ ...PROD, [key]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${key}: is the public development default`));
    // With spaces around it (a quoted .env line) it is the same published value.
    expect(problemsOf({ ...PROD, [key]: `  ${value} ` })[0]).toMatch(new RegExp(`^${key}: is the public development default`));
  });

  test('production refuses the development SMS provider, given or by default', () => {
    expect(problemsOf({ ...PROD, SMS_PROVIDER: 'dev' })).toEqual([expect.stringMatching(/^SMS_PROVIDER: dev sends no message/)]);
    const { SMS_PROVIDER: _p, SMS_HTTP_URL: _u, ...withoutSms } = PROD;
    expect(problemsOf(withoutSms)).toEqual([expect.stringMatching(/^SMS_PROVIDER/)]);
    expect(parseConfig(PROD).SMS_PROVIDER).toBe('http');
    // Development keeps it: codes are read through the development helper there.
    expect(parseConfig({ NODE_ENV: 'development' }).SMS_PROVIDER).toBe('dev');
  });

  test('production refuses one value for both SESSION_SECRET and TOKEN_PARAM_SECRET, also with spaces', () => {
    expect(problemsOf({ ...PROD, TOKEN_PARAM_SECRET: SECRET_A })).toEqual(['TOKEN_PARAM_SECRET: must differ from SESSION_SECRET']);
    expect(problemsOf({ ...PROD, TOKEN_PARAM_SECRET: ` ${SECRET_A} ` })).toEqual(['TOKEN_PARAM_SECRET: must differ from SESSION_SECRET']);
  });

  test('production refuses a CERTIFICATE_SECRET equal to SESSION_SECRET or TOKEN_PARAM_SECRET, also with spaces', () => {
    expect(problemsOf({ ...PROD, CERTIFICATE_SECRET: SECRET_A })).toEqual(['CERTIFICATE_SECRET: must differ from SESSION_SECRET']);
    expect(problemsOf({ ...PROD, CERTIFICATE_SECRET: `${SECRET_A}  ` })).toEqual(['CERTIFICATE_SECRET: must differ from SESSION_SECRET']);
    expect(problemsOf({ ...PROD, CERTIFICATE_SECRET: SECRET_B })).toEqual(['CERTIFICATE_SECRET: must differ from TOKEN_PARAM_SECRET']);
    // Development and test mode keep their own defaults, whatever is set.
    expect(parseConfig({ ...PROD, NODE_ENV: 'development', CERTIFICATE_SECRET: SECRET_A }).CERTIFICATE_SECRET).toBe(SECRET_A);
    // Distinct secrets start.
    expect(parseConfig(PROD).CERTIFICATE_SECRET).toBe(SECRET_C);
  });

  test('the database pool settings come from the environment, bounded', () => {
    expect(parseConfig({ NODE_ENV: 'development' })).toMatchObject({
      DATABASE_POOL_SIZE: 10,
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 15000,
    });
    expect(parseConfig({ NODE_ENV: 'development', DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    expect(problemsOf({ NODE_ENV: 'development', DATABASE_POOL_SIZE: '0' })[0]).toMatch(/^DATABASE_POOL_SIZE/);
  });

  test('forwarded headers, https and the body limit are off or 1 MB unless the operator says so', () => {
    const c = parseConfig({ NODE_ENV: 'development' });
    expect(c).toMatchObject({ TRUST_PROXY: false, SITE_ON_HTTPS: false, MAX_BODY_BYTES: 1024 * 1024 });
    const set = parseConfig({ NODE_ENV: 'development', TRUST_PROXY: 'true', SITE_ON_HTTPS: '1', MAX_BODY_BYTES: '2048' });
    expect(set).toMatchObject({ TRUST_PROXY: true, SITE_ON_HTTPS: true, MAX_BODY_BYTES: 2048 });
    expect(problemsOf({ NODE_ENV: 'development', TRUST_PROXY: 'perhaps' })[0]).toMatch(/^TRUST_PROXY/);
  });

  test('development mode gives the documented defaults', () => {
    const c = parseConfig({ NODE_ENV: 'development' });
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4321,
      HOST: '0.0.0.0',
      DATABASE_URL: 'file:./data/portal.sqlite',
      databaseKind: 'sqlite',
      PUBLIC_API_BASE: '',
      TENANT_BASE_DOMAINS: ['localhost'],
      DEFAULT_PREDOMAIN: 'demo',
      PARTNER_EDITION: false,
      RENDER_CACHE_ENTRIES: 2000,
      PAGE_MAX_AGE: 60,
      LOG_LEVEL: 'info',
    });
    // In development mode a development secret is filled in so the server can start.
    expect(c.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(c.TOKEN_PARAM_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  test('reads and converts given values', () => {
    const c = parseConfig({
      ...DEV,
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      TENANT_BASE_DOMAINS: ' Yunxiao.CN , localhost,, ',
      PARTNER_EDITION: 'yes',
      LOG_LEVEL: 'silent',
    });
    expect(c.PORT).toBe(8080);
    expect(c.databaseKind).toBe('postgres');
    expect(c.TENANT_BASE_DOMAINS).toEqual(['yunxiao.cn', 'localhost']);
    expect(c.PARTNER_EDITION).toBe(true);
    expect(parseConfig({ ...DEV, DATABASE_URL: 'postgresql://db/portal' }).databaseKind).toBe('postgres');
  });

  test('the result cannot be changed', () => {
    const c = parseConfig(DEV);
    expect(Object.isFrozen(c)).toBe(true);
  });

  test.each(['abc', '0', '65536', '-1', '80.5'])('a bad PORT %j is refused, naming PORT', (port) => {
    const problems = problemsOf({ ...DEV, PORT: port });
    expect(problems.some((p) => p.startsWith('PORT'))).toBe(true);
    expect(() => parseConfig({ ...DEV, PORT: port })).toThrow(/PORT/);
  });

  test('empty strings count as unset', () => {
    const c = parseConfig({ PORT: '', DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: '', TENANT_BASE_DOMAINS: '', SESSION_SECRET: '' });
    expect(c.PORT).toBe(4321);
    expect(c.DATABASE_URL).toBe('file:./data/portal.sqlite');
    // An empty NODE_ENV is unset: production, which then asks for its secrets.
    expect(problemsOf({ NODE_ENV: '' }).some((p) => p.startsWith('SESSION_SECRET'))).toBe(true);
    expect(c.TENANT_BASE_DOMAINS).toEqual(['localhost']);
  });

  test('production without SESSION_SECRET and TOKEN_PARAM_SECRET fails naming both', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.some((p) => p.startsWith('SESSION_SECRET'))).toBe(true);
    expect(problems.some((p) => p.startsWith('TOKEN_PARAM_SECRET'))).toBe(true);
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*TOKEN_PARAM_SECRET|TOKEN_PARAM_SECRET[\s\S]*SESSION_SECRET/);
  });

  test('production with only one secret names the missing one', () => {
    const problems = problemsOf({ NODE_ENV: 'production', SESSION_SECRET: SECRET_A, CERTIFICATE_SECRET: SECRET_C, ...SMS });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TOKEN_PARAM_SECRET/);
  });

  test('production with empty secrets fails: empty means unset', () => {
    const problems = problemsOf({ NODE_ENV: 'production', SESSION_SECRET: '', TOKEN_PARAM_SECRET: '' });
    expect(problems.some((p) => p.startsWith('SESSION_SECRET'))).toBe(true);
    expect(problems.some((p) => p.startsWith('TOKEN_PARAM_SECRET'))).toBe(true);
  });

  test('production with both secrets starts and keeps them', () => {
    const c = parseConfig(PROD);
    expect(c.SESSION_SECRET).toBe(SECRET_A);
    expect(c.TOKEN_PARAM_SECRET).toBe(SECRET_B);
  });

  test('production refuses to start without the certificate link secret; development fills one in', () => {
    const { CERTIFICATE_SECRET: _c, ...without } = PROD;
    expect(problemsOf(without)).toEqual([expect.stringMatching(/^CERTIFICATE_SECRET: is required in production/)]);
    expect(parseConfig(PROD).CERTIFICATE_SECRET).toBe(SECRET_C);
    expect(parseConfig(DEV).CERTIFICATE_SECRET).toBe(DEV_CERTIFICATE_SECRET);
    expect(problemsOf({ ...PROD, CERTIFICATE_SECRET: 'short' })[0]).toMatch(/^CERTIFICATE_SECRET/);
  });

  test('a secret shorter than 32 characters is refused by name', () => {
    expect(problemsOf({ SESSION_SECRET: 'short' }).some((p) => p.startsWith('SESSION_SECRET'))).toBe(true);
  });

  test.each(['mysql://u@db/portal', 'sqlite:./x.db', './data/portal.sqlite', 'http://db', 'postgres:/missing-slash'])(
    'DATABASE_URL %j is refused, naming DATABASE_URL',
    (url) => {
      expect(problemsOf({ DATABASE_URL: url }).some((p) => p.startsWith('DATABASE_URL'))).toBe(true);
    },
  );

  test('other bad values are refused by name', () => {
    expect(problemsOf({ NODE_ENV: 'staging' })[0]).toMatch(/^NODE_ENV/);
    expect(problemsOf({ LOG_LEVEL: 'verbose' })[0]).toMatch(/^LOG_LEVEL/);
    expect(problemsOf({ DEFAULT_PREDOMAIN: 'Bad Name' })[0]).toMatch(/^DEFAULT_PREDOMAIN/);
    expect(problemsOf({ PARTNER_EDITION: 'maybe' })[0]).toMatch(/^PARTNER_EDITION/);
    expect(problemsOf({ PUBLIC_API_BASE: 'ftp://x' })[0]).toMatch(/^PUBLIC_API_BASE/);
    expect(problemsOf({ EXAM_LOGIN_URL: 'not a url' })[0]).toMatch(/^EXAM_LOGIN_URL/);
  });

  test('every problem is reported at once', () => {
    const problems = problemsOf({ PORT: 'x', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
  });

  test('DOCUMENT_VIEWER_URL: unset by default; an https URL or a site path with {url}', () => {
    expect(parseConfig(DEV).DOCUMENT_VIEWER_URL).toBeUndefined();
    expect(parseConfig({ ...DEV, DOCUMENT_VIEWER_URL: 'https://view.example/embed?src={url}' }).DOCUMENT_VIEWER_URL).toBe(
      'https://view.example/embed?src={url}',
    );
    expect(parseConfig({ ...DEV, DOCUMENT_VIEWER_URL: '/pdfjs/web/viewer.html?file={url}' }).DOCUMENT_VIEWER_URL).toBe('/pdfjs/web/viewer.html?file={url}');
    for (const bad of [
      'https://view.example/embed',
      'http://view.example/?src={url}',
      '//view.example/?src={url}',
      'javascript:{url}',
      'https://view.example/?src={url} x',
    ]) {
      expect(problemsOf({ ...DEV, DOCUMENT_VIEWER_URL: bad }).map((p) => p.split(':')[0])).toEqual(['DOCUMENT_VIEWER_URL']);
    }
  });

  describe('file storage', () => {
    const S3 = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'portal-files',
      S3_REGION: 'cn-north-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example-key',
    } as const;

    test('the local disk by default, with no object store', () => {
      const c = parseConfig(DEV);
      expect(c.STORAGE_DRIVER).toBe('local');
      expect(c.s3).toBeNull();
    });

    test('s3 with everything required gives the store settings (AWS address, host-style, no prefix by default)', () => {
      expect(parseConfig({ ...DEV, ...S3 }).s3).toEqual({
        bucket: 'portal-files',
        region: 'cn-north-1',
        endpoint: undefined,
        forcePathStyle: false,
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret-example-key',
        prefix: '',
      });
      const minio = parseConfig({ ...PROD, ...S3, S3_ENDPOINT: 'http://10.0.0.5:9000', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'portal/production' }).s3;
      expect(minio).toMatchObject({ endpoint: 'http://10.0.0.5:9000', forcePathStyle: true, prefix: 'portal/production/' });
    });

    test('s3 without its bucket, region or keys refuses to start, naming each one missing', () => {
      expect(problemsOf({ ...DEV, STORAGE_DRIVER: 's3' }).sort()).toEqual([
        'S3_ACCESS_KEY_ID: is required when STORAGE_DRIVER=s3',
        'S3_BUCKET: is required when STORAGE_DRIVER=s3',
        'S3_REGION: is required when STORAGE_DRIVER=s3',
        'S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER=s3',
      ]);
      expect(problemsOf({ ...PROD, ...S3, S3_SECRET_ACCESS_KEY: '' })).toEqual(['S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER=s3']);
    });

    test('the S3 settings are read only for the s3 driver', () => {
      expect(parseConfig({ ...DEV, S3_BUCKET: 'portal-files' }).s3).toBeNull();
    });

    test.each([
      ['STORAGE_DRIVER', 'disk'],
      ['S3_BUCKET', 'Portal_Files'],
      ['S3_BUCKET', 'ab'],
      ['S3_ENDPOINT', 'ftp://store.example'],
      ['S3_ENDPOINT', 'store.example:9000'],
      ['S3_REGION', 'CN North'],
      ['S3_FORCE_PATH_STYLE', 'maybe'],
      ['S3_PREFIX', '/portal'],
      ['S3_PREFIX', 'portal//files'],
      ['S3_PREFIX', '../portal'],
    ])('a bad %s (%j) is refused by name', (key, value) => {
      expect(problemsOf({ ...DEV, ...S3, [key]: value }).map((p) => p.split(':')[0])).toEqual([key]);
    });
  });
});
