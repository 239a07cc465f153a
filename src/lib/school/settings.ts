import { t } from '../i18n/messages/admin-school';
import { checkExternalLink } from '../external-links';
import { fail, pass, typedText, type Rule } from '../rules/rule';

/**
 * The school settings' rules, shared by the staff screen (checks as the administrator types) and
 * the staff routes (which decide). Pure and browser-safe.
 */

/** Texts shown on the public pages never hold angle brackets or control characters (they are shown as plain text). */
const PLAIN = /^[^\p{Cc}\p{Cf}<>]*$/u;

/** A plain one-line text of at most `max` characters, trimmed; '' allowed unless required. */
export function plainText(field: string, max: number, required = false): Rule {
  return (v) => {
    if (v !== undefined && v !== null && typeof v !== 'string' && typeof v !== 'number') return fail(t('school.admin.badText', { field }));
    const text = typedText(v).trim();
    if (required && text === '') return fail(t('school.admin.required', { field }));
    if (!PLAIN.test(text)) return fail(t('school.admin.badText', { field }));
    if ([...text].length > max) return fail(t('school.admin.tooLong', { field, max }));
    return pass(text);
  };
}

/** Several lines of plain text (an institution's features): line breaks allowed, nothing else. */
export function plainLines(field: string, max: number): Rule {
  return (v) => {
    if (v !== undefined && v !== null && typeof v !== 'string') return fail(t('school.admin.badText', { field }));
    const text = typedText(v).trim().replace(/\r\n?/g, '\n');
    if ([...text].length > max) return fail(t('school.admin.tooLong', { field, max }));
    if (!/^[^\p{Cf}<>\u0000-\u0009\u000b-\u001f\u007f]*$/u.test(text)) return fail(t('school.admin.badText', { field }));
    return pass(text);
  };
}

// --- Colours -----------------------------------------------------------------------------------

const HEX = /^#[0-9a-f]{6}$/;

/**
 * The least contrast accepted between the brand colour and the white text drawn on it (the main
 * navigation bar, buttons): 4.5:1, the WCAG AA level for normal-size text.
 */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2) of a '#rrggbb' colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on a '#rrggbb' background, 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** A ratio as people read it: one decimal, rounded down so 4.49 never shows as 4.5. */
export const ratioText = (ratio: number) => (Math.floor(ratio * 10) / 10).toFixed(1);

/** '' (the portal's default blue) or '#rrggbb' (any case in, lower case out) dark enough for white text on it. */
export const brandColorRule: Rule = (v) => {
  const text = typedText(v).trim().toLowerCase();
  if (text === '') return pass('');
  if (!HEX.test(text)) return fail(t('school.admin.badColor'));
  const ratio = contrastWithWhite(text);
  if (ratio < MIN_CONTRAST_WITH_WHITE) return fail(t('school.admin.lowContrast', { ratio: ratioText(ratio) }));
  return pass(text);
};

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

/** The colour mixed with `toward` (0-255 grey) by `amount` (0-1). */
function mix(hex: string, toward: number, amount: number): string {
  return `#${channels(hex)
    .map((c) => hex2(c + (toward - c) * amount))
    .join('')}`;
}

/**
 * The three shades the pages use (--color-brand, -dark for hovers and the selected tab, -soft for
 * light badges) from one brand colour. The dark shade is darker still, so it keeps the contrast.
 */
export function brandShades(hex: string): { brand: string; dark: string; soft: string } {
  return { brand: hex, dark: mix(hex, 0, 0.2), soft: mix(hex, 255, 0.9) };
}

/** The CSS that recolours a page in the school's colour ('' for the default). */
export function brandStyle(hex: string | null | undefined): string {
  if (!hex || !HEX.test(hex)) return '';
  const s = brandShades(hex);
  return `:root{--color-brand:${s.brand};--color-brand-dark:${s.dark};--color-brand-soft:${s.soft}}`;
}

// --- Contact and links -------------------------------------------------------------------------

/** A phone number as schools print them: digits, spaces, + - ( ) and 转 (extension); 5–32 characters. */
export const contactPhoneRule: Rule = (v) => {
  const text = typedText(v).trim();
  if (text === '') return pass('');
  if (text.length > 32 || !/^[\d\s+\-()转]{5,32}$/.test(text) || !/\d{5}/.test(text.replace(/\D/g, ''))) return fail(t('school.admin.badMobile'));
  return pass(text);
};

export const emailRule: Rule = (v) => {
  const text = typedText(v).trim();
  if (text === '') return pass('');
  if (text.length > 128 || !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+$/.test(text)) return fail(t('school.admin.badEmail'));
  return pass(text);
};

/** An http(s) address ('' allowed): anything else (javascript:, data:) could run in a visitor's page. */
export const webUrlRule: Rule = (v) => {
  const text = typedText(v).trim();
  if (text === '') return pass('');
  if (text.length > 512 || !/^https?:\/\/[^\s<>"]+$/i.test(text)) return fail(t('school.admin.badUrl'));
  try {
    new URL(text);
  } catch {
    return fail(t('school.admin.badUrl'));
  }
  return pass(text);
};

/**
 * A link the public pages show to another site ('' for none): https and not a placeholder address
 * (src/lib/external-links.ts), named by its field in the message.
 */
export function externalLinkRule(field: string): Rule {
  return (v) => {
    const text = typedText(v).trim();
    if (text === '') return pass('');
    const checked = checkExternalLink(text);
    if (checked.ok) return pass(checked.url);
    return fail(t(checked.reason === 'placeholder' ? 'school.admin.placeholderLink' : 'school.admin.badLink', { field }));
  };
}

/** A coordinate in decimal degrees as typed, '' for none. */
export function coordinateRule(limit: 90 | 180): Rule<number | null> {
  return (v) => {
    const text = typedText(v).trim();
    if (text === '') return pass(null);
    const n = /^-?\d{1,3}(?:\.\d{1,8})?$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(n) || Math.abs(n) > limit) return fail(t(limit === 90 ? 'school.admin.badLatitude' : 'school.admin.badLongitude'));
    return pass(n);
  };
}

/** Opening hours: 'HH:mm' or 'HH:mm:ss', kept as 'HH:mm:ss'; '' for none. */
export const openingTimeRule: Rule = (v) => {
  const text = typedText(v).trim();
  if (text === '') return pass('');
  if (!/^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/.test(text)) return fail(t('school.points.badTime'));
  return pass(text.length === 5 ? `${text}:00` : text);
};

// --- Host names --------------------------------------------------------------------------------

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A school's own host name: lower-cased, without a scheme, path or port; at least two labels,
 * letters, digits and hyphens only (an internationalised name in its punycode form), a top-level
 * label that is not all digits (that would be an IP address), 253 characters at most.
 */
export const hostNameRule: Rule = (v) => {
  const text = typedText(v).trim().toLowerCase().replace(/\.$/, '');
  if (text === '') return fail(t('school.domains.required'));
  const labels = text.split('.');
  if (text.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) {
    return fail(t('school.domains.invalid'));
  }
  return pass(text);
};

/** Whether a host is one of the platform's base domains or under one (it resolves by pre-domain, never as a school's own). */
export function isPlatformHost(host: string, baseDomains: readonly string[]): boolean {
  return baseDomains.some((base) => host === base || host.endsWith(`.${base}`));
}
