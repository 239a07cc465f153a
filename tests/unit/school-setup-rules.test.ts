import { describe, expect, test } from 'vitest';
import { checkNewSchool } from '~/server/tenant/school-setup.rules';

describe('checkNewSchool', () => {
  test('a valid school is normalised (trimmed, lower-case host names)', () => {
    expect(checkNewSchool({ preDomain: ' JiangNan ', name: ' 江南学院 ', domains: ['WWW.Jn-Edu.cn', ' '] })).toEqual({
      ok: true,
      school: { preDomain: 'jiangnan', name: '江南学院', domains: ['www.jn-edu.cn'] },
    });
  });

  test.each(['', 'a.b', '-x', 'x-', 'a_b', 'x'.repeat(64), '中文'])('pre-domain %j is refused', (preDomain) => {
    const check = checkNewSchool({ preDomain, name: '江南学院', domains: [] });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.problems[0]).toMatch(/^predomain/);
  });

  test('name lengths at the boundaries', () => {
    expect(checkNewSchool({ preDomain: 'a', name: '江南', domains: [] }).ok).toBe(true);
    expect(checkNewSchool({ preDomain: 'a', name: '江', domains: [] }).ok).toBe(false);
    expect(checkNewSchool({ preDomain: 'a', name: '江'.repeat(60), domains: [] }).ok).toBe(true);
    expect(checkNewSchool({ preDomain: 'a', name: '江'.repeat(61), domains: [] }).ok).toBe(false);
  });

  test.each(['localhost', 'https://a.cn', 'a.cn:8080', 'a.cn/x', 'a..cn'])('domain %j is refused', (domain) => {
    const check = checkNewSchool({ preDomain: 'a', name: '江南学院', domains: [domain] });
    expect(check.ok).toBe(false);
  });

  test('a domain given twice is refused', () => {
    expect(checkNewSchool({ preDomain: 'a', name: '江南学院', domains: ['a.cn', 'A.cn'] })).toEqual({ ok: false, problems: ['domain: each domain once'] });
  });
});
