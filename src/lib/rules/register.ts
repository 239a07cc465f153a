import { z } from 'zod';
import { t } from '../i18n';
import { codeRule, mobileRule, requiredText } from './login';

/**
 * Registration rules (spec section 5, "Join and enterprise forms"), browser-safe and shared with
 * the server. Query `type` of /register: 1 and 3 show the school-join form with a fixed list of
 * cloud schools (3 and 1 entries); 2 shows the enterprise form.
 */

export const REGISTER_LIMITS = { name: 11, enterpriseName: 50, invitationCode: 6 } as const;

export type RegisterType = 1 | 2 | 3;

/**
 * The fixed cloud-school lists of the join form (spec section 9: 3 and 1 entries), as tenant ids
 * (the demo schools); the page shows each school's name from the database.
 */
export const JOIN_SCHOOLS: Record<1 | 3, readonly string[]> = {
  1: ['1000000000000000001', '1000000000000000002', '1000000000000000003'],
  3: ['1000000000000000001'],
};

/** Every school any join form offers (the server lets a login name only these, or its own school). */
export const JOINABLE_SCHOOL_IDS: readonly string[] = [...new Set([...JOIN_SCHOOLS[1], ...JOIN_SCHOOLS[3]])];

/** The form for a query `type`: 2 enterprise; 1 and 3 join (anything else: 1). */
export function registerTypeOf(value: string | null | undefined): RegisterType {
  return value === '2' ? 2 : value === '3' ? 3 : 1;
}

export const nameRule = requiredText(t('register.nameRequired')).pipe(
  z.string().max(REGISTER_LIMITS.name, t('register.nameTooLong')),
);

export const schoolIdRule = requiredText(t('register.schoolRequired'));

export const enterpriseNameRule = requiredText(t('register.enterpriseNameRequired')).pipe(
  z.string().max(REGISTER_LIMITS.enterpriseName, t('register.enterpriseNameTooLong')),
);

/** Required, 6 characters at most; letters and digits (upper-cased before it is sent). */
export const invitationCodeRule = requiredText(t('register.invitationCodeRequired')).pipe(
  z
    .string()
    .max(REGISTER_LIMITS.invitationCode, t('register.invitationCodeTooLong'))
    .regex(/^[A-Za-z0-9]+$/, t('register.invitationInvalid'))
    .transform((v) => v.toUpperCase()),
);

export const joinSchema = z.object({ name: nameRule, mobile: mobileRule, code: codeRule, schoolId: schoolIdRule });
export const enterpriseSchema = z.object({
  name: nameRule,
  mobile: mobileRule,
  code: codeRule,
  enterpriseName: enterpriseNameRule,
  invitationCode: invitationCodeRule,
});

export type JoinField = keyof z.infer<typeof joinSchema>;
export type EnterpriseField = keyof z.infer<typeof enterpriseSchema>;
export type RegisterField = JoinField | EnterpriseField | 'agreed';

export const JOIN_FIELDS: readonly RegisterField[] = ['name', 'mobile', 'code', 'schoolId', 'agreed'];
export const ENTERPRISE_FIELDS: readonly RegisterField[] = ['name', 'mobile', 'code', 'enterpriseName', 'invitationCode', 'agreed'];

const agreed = z.literal(true, { error: t('login.agreementRequired') });
const rules: Record<RegisterField, z.ZodType> = {
  name: nameRule,
  mobile: mobileRule,
  code: codeRule,
  schoolId: schoolIdRule,
  enterpriseName: enterpriseNameRule,
  invitationCode: invitationCodeRule,
  agreed,
};

export function registerFieldError(field: RegisterField, value: unknown): string | null {
  const r = rules[field].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? t('validation.invalid'));
}

export function registerErrors(type: RegisterType, values: Partial<Record<RegisterField, unknown>>): Partial<Record<RegisterField, string>> {
  const errors: Partial<Record<RegisterField, string>> = {};
  for (const field of type === 2 ? ENTERPRISE_FIELDS : JOIN_FIELDS) {
    const message = registerFieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
