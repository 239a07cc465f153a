/**
 * iCalendar (RFC 5545) text for the timetable subscription feed. Pure and browser-safe: the caller
 * passes the events and the stamp time (epoch ms); nothing here reads a clock.
 *
 * - Lines end with CRLF; content lines longer than 75 octets are folded (CRLF + one space), the
 *   space counting in the next line's 75, and a fold never splits a UTF-8 character (RFC 5545
 *   3.1). Surrogate pairs stay whole because the text is walked by code point.
 * - TEXT values escape backslash, semicolon, comma and newlines (3.3.11); other control characters,
 *   which RFC 5545 does not allow in text, are dropped. URL is a URI value and is not escaped.
 * - Times are UTC with a trailing Z (3.3.5 form 2), so no VTIMEZONE is needed.
 */

export interface CalendarEvent {
  /** Globally unique and stable across feeds of the same event (e.g. activity id + '@' + host). */
  uid: string;
  /** Epoch ms. */
  start: number;
  /** Epoch ms; left out when missing, not a number, or before start. */
  end?: number | null;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
}

export interface CalendarInput {
  /** X-WR-CALNAME: the name calendar apps show. */
  name: string;
  events: readonly CalendarEvent[];
  /** DTSTAMP of every event: when the feed was generated, epoch ms. */
  stamp: number;
  /** PRODID; a default names the product. */
  prodId?: string;
}

export const DEFAULT_PROD_ID = '-//shuziyunxiao//learner timetable//ZH';
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** Escapes a TEXT value: \ ; , and newlines (CRLF, CR, LF → \n); other control characters are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/**
 * Folds one content line at 75 octets, never inside a UTF-8 character: the first line holds up to
 * 75 octets, each continuation line a space and up to 74 more.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A UTC date-time '20261123T013000Z'; null for a time that is not a valid date. */
export function utcDateTime(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  // Only four-digit years fit the DATE-TIME form.
  if (!/^\d{4}-/.test(iso)) return null;
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** Strips characters a URI line cannot carry (control characters, line breaks). */
function uriValue(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]/g, '');
}

/**
 * The VCALENDAR text. Events whose start is not a valid time are left out (a feed with one broken
 * row still serves the rest); an empty list gives a valid calendar with no VEVENT.
 */
export function toICalendar({ name, events, stamp, prodId = DEFAULT_PROD_ID }: CalendarInput): string {
  const dtstamp = utcDateTime(stamp) ?? utcDateTime(0)!;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${escapeText(prodId)}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(name)}`];
  for (const event of events) {
    const start = utcDateTime(event.start);
    if (!start) continue;
    const end = typeof event.end === 'number' && event.end >= event.start ? utcDateTime(event.end) : null;
    lines.push('BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${dtstamp}`, `DTSTART:${start}`);
    if (end) lines.push(`DTEND:${end}`);
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${uriValue(event.url)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
