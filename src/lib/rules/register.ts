import { t } from '../i18n/messages/register';
import { agreementRule, codeRule, mobileRule } from './login';
import { check, fieldErrors, matches, maxLength, pass, requiredText, type Rule } from './rule';

/**
 * Registration rules of the join and enterprise forms, browser-safe and shared with
 * the server. Query `type` of /register: 1 and 3 show the school-join form with a fixed list of
 * cloud schools (3 and 1 entries); 2 shows the enterprise form.
 */

export const REGISTER_LIMITS = { name: 11, enterpriseName: 50, invitationCode: 6 } as const;

export type RegisterType = 1 | 2 | 3;

/**
 * The fixed cloud-school lists of the join form (3 schools for type 1, 1 for type 3), as tenant ids
 * (the demo schools); the page shows each school's name from the database.
 */
export const JOIN_SCHOOLS: Record<1 | 3, readonly string[]> = {
  1: ['1000000000000000001', '1000000000000000002', '1000000000000000003'],
  3: ['1000000000000000001'],
};

/** The form for a query `type`: 2 enterprise; 1 and 3 join (anything else: 1). */
export function registerTypeOf(value: string | null | undefined): RegisterType {
  return value === '2' ? 2 : value === '3' ? 3 : 1;
}

export const nameRule = requiredText(t('register.nameRequired'), maxLength(REGISTER_LIMITS.name, t('register.nameTooLong')));

export const schoolIdRule = requiredText(t('register.schoolRequired'));

export const enterpriseNameRule = requiredText(
  t('register.enterpriseNameRequired'),
  maxLength(REGISTER_LIMITS.enterpriseName, t('register.enterpriseNameTooLong')),
);

const invitationCodeText = requiredText(
  t('register.invitationCodeRequired'),
  maxLength(REGISTER_LIMITS.invitationCode, t('register.invitationCodeTooLong')),
  matches(/^[A-Za-z0-9]+$/, t('register.invitationInvalid')),
);

/** Required, 6 characters at most; letters and digits, upper-cased as it is sent. */
export const invitationCodeRule: Rule = (v) => {
  const result = invitationCodeText(v);
  return result.ok ? pass(result.value.toUpperCase()) : result;
};

export type JoinField = 'name' | 'mobile' | 'code' | 'schoolId';
export type EnterpriseField = 'name' | 'mobile' | 'code' | 'enterpriseName' | 'invitationCode';
export type RegisterField = JoinField | EnterpriseField | 'agreed';

export const JOIN_FIELDS: readonly RegisterField[] = ['name', 'mobile', 'code', 'schoolId', 'agreed'];
export const ENTERPRISE_FIELDS: readonly RegisterField[] = ['name', 'mobile', 'code', 'enterpriseName', 'invitationCode', 'agreed'];

const rules: Record<RegisterField, Rule<unknown>> = {
  name: nameRule,
  mobile: mobileRule,
  code: codeRule,
  schoolId: schoolIdRule,
  enterpriseName: enterpriseNameRule,
  invitationCode: invitationCodeRule,
  agreed: agreementRule,
};

export function registerFieldError(field: RegisterField, value: unknown): string | null {
  return check(rules[field], value);
}

export function registerErrors(type: RegisterType, values: Partial<Record<RegisterField, unknown>>): Partial<Record<RegisterField, string>> {
  return fieldErrors(type === 2 ? ENTERPRISE_FIELDS : JOIN_FIELDS, registerFieldError, values);
}
