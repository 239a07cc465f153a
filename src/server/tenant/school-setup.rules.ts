/**
 * What an operator gives to open a new school (`npm run school:create`): checked before anything
 * is written, so a typo never leaves half a school behind.
 * - The pre-domain is one host label (lower-case letters, digits, inner hyphens, at most 63): the
 *   school is then found at <preDomain>.<a base domain>.
 * - The name is 2..60 characters after trimming.
 * - Each own domain is a full host name of at least two labels, no scheme, port or path; a domain
 *   is given once.
 */

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const SCHOOL_NAME_MIN = 2;
export const SCHOOL_NAME_MAX = 60;

export interface NewSchoolInput {
  preDomain: string;
  name: string;
  domains: readonly string[];
}

export type NewSchoolCheck = { ok: true; school: NewSchoolInput } | { ok: false; problems: string[] };

export function checkNewSchool(input: { preDomain?: string | undefined; name?: string | undefined; domains?: readonly string[] | undefined }): NewSchoolCheck {
  const problems: string[] = [];
  const preDomain = (input.preDomain ?? '').trim().toLowerCase();
  const name = (input.name ?? '').trim();
  const domains = (input.domains ?? []).map((d) => d.trim().toLowerCase()).filter(Boolean);
  if (!LABEL.test(preDomain)) problems.push('predomain: one host label of lower-case letters, digits and inner hyphens, e.g. jiangnan');
  if ([...name].length < SCHOOL_NAME_MIN || [...name].length > SCHOOL_NAME_MAX) {
    problems.push(`name: ${SCHOOL_NAME_MIN} to ${SCHOOL_NAME_MAX} characters`);
  }
  for (const d of domains) {
    const labels = d.split('.');
    if (labels.length < 2 || !labels.every((l) => LABEL.test(l)))
      problems.push(`domain ${JSON.stringify(d)}: a host name such as www.example.com, without scheme, port or path`);
  }
  if (new Set(domains).size !== domains.length) problems.push('domain: each domain once');
  return problems.length ? { ok: false, problems } : { ok: true, school: { preDomain, name, domains } };
}
