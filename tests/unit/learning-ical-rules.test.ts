import { describe, expect, test } from 'vitest';
import { escapeText, foldLine, toICalendar, utcDateTime } from '~/lib/learning/ical';
import { parseDateTime } from '~/lib/time/cst';

const at = (text: string) => parseDateTime(text);
const octets = (s: string) => new TextEncoder().encode(s).length;
/** Undo folding as a calendar app does (RFC 5545 3.1): CRLF followed by one space or tab goes. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const stamp = at('2026-11-23 10:00:00');

describe('escapeText', () => {
  test('backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    // The backslash is escaped first, so an escaped comma does not double.
    expect(escapeText('\\,')).toBe('\\\\\\,');
  });

  test('other control characters are dropped; a tab and Chinese punctuation stay', () => {
    expect(escapeText('a\u0000b\u0007c\u007fd\te，；')).toBe('abcd\te，；');
  });
});

describe('foldLine: 75 octets, never inside a UTF-8 character', () => {
  test('a line of 75 octets stays; 76 folds', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  test('continuation lines hold a space and 74 more octets', () => {
    const folded = foldLine('y'.repeat(75 + 74 + 1));
    expect(folded.split('\r\n').map(octets)).toEqual([75, 75, 2]);
  });

  test('Chinese text (3 octets a character) folds between characters, each line within 75 octets', () => {
    const line = `SUMMARY:${'数字云校线下面授课堂'.repeat(6)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(octets(l)).toBeLessThanOrEqual(75);
    // No replacement character: every line is whole UTF-8 on its own.
    for (const l of lines) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(l))).toBe(l);
    // 'SUMMARY:' is 8 octets, then 22 characters (66 octets) fit the first line: 74; the 23rd would make 77.
    expect(octets(lines[0]!)).toBe(74);
    expect(unfold(folded)).toBe(line);
  });

  test('a four-octet character (an emoji, a surrogate pair) is never split', () => {
    const line = `X:${'a'.repeat(72)}😀b`;
    const folded = foldLine(line);
    expect(folded).toBe(`X:${'a'.repeat(72)}\r\n 😀b`);
    expect(unfold(folded)).toBe(line);
  });
});

describe('utcDateTime', () => {
  test('UTC with Z: 10:00 in China is 02:00 UTC', () => {
    expect(utcDateTime(stamp)).toBe('20261123T020000Z');
    expect(utcDateTime(at('2026-11-23 07:30:00'))).toBe('20261122T233000Z');
  });

  test('not a time: null', () => {
    expect(utcDateTime(Number.NaN)).toBeNull();
    expect(utcDateTime(8.64e15 + 1)).toBeNull();
    expect(utcDateTime(Date.UTC(10000, 0, 1))).toBeNull();
  });
});

describe('toICalendar', () => {
  test('an empty list: a valid calendar with no event, CRLF everywhere, ending with CRLF', () => {
    const text = toICalendar({ name: '我的课表', events: [], stamp });
    expect(text).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//shuziyunxiao//learner timetable//ZH',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'X-WR-CALNAME:我的课表',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  test('an event: UID, DTSTAMP, UTC start and end, escaped text, URL as given', () => {
    const text = toICalendar({
      name: 'Class, 2026; spring',
      stamp,
      events: [
        {
          uid: 'act-1@school.example',
          start: at('2026-11-24 09:00:00'),
          end: at('2026-11-24 10:30:00'),
          summary: '面授：安全生产, 第一讲',
          location: '3号楼; 201室',
          description: '带上笔记本\n签到后入座',
          url: 'https://school.example/study/classroom/offline?classId=1&activityId=2',
        },
      ],
    });
    const lines = unfold(text).split('\r\n');
    expect(lines).toContain('X-WR-CALNAME:Class\\, 2026\\; spring');
    const event = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    expect(event).toEqual([
      'BEGIN:VEVENT',
      'UID:act-1@school.example',
      'DTSTAMP:20261123T020000Z',
      'DTSTART:20261124T010000Z',
      'DTEND:20261124T023000Z',
      'SUMMARY:面授：安全生产\\, 第一讲',
      'LOCATION:3号楼\\; 201室',
      'DESCRIPTION:带上笔记本\\n签到后入座',
      'URL:https://school.example/study/classroom/offline?classId=1&activityId=2',
      'END:VEVENT',
    ]);
  });

  test('long Chinese summaries are folded in the feed and every physical line is within 75 octets', () => {
    const summary = '职业技能等级认定培训班线上直播课堂'.repeat(5);
    const text = toICalendar({ name: '课表', stamp, events: [{ uid: 'u1', start: stamp, end: stamp + 3_600_000, summary }] });
    const physical = text.split('\r\n');
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
    for (const l of physical) expect(octets(l)).toBeLessThanOrEqual(75);
    expect(unfold(text).split('\r\n')).toContain(`SUMMARY:${summary}`);
  });

  test('optional fields left out when empty; no end, or an end before the start, gives no DTEND', () => {
    const text = toICalendar({
      name: 'c',
      stamp,
      events: [
        { uid: 'a', start: stamp, summary: 'A' },
        { uid: 'b', start: stamp, end: stamp - 1, summary: 'B', location: '', description: null, url: '' },
      ],
    });
    expect(text).not.toMatch(/DTEND|LOCATION|DESCRIPTION|URL/);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  test('an event whose start is not a time is left out; the rest are served', () => {
    const text = toICalendar({
      name: 'c',
      stamp,
      events: [
        { uid: 'bad', start: Number.NaN, summary: 'broken' },
        { uid: 'good', start: stamp, summary: 'fine' },
      ],
    });
    expect(text).not.toContain('broken');
    expect(text).toContain('UID:good');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  test('a URL with a line break cannot inject a property', () => {
    const text = toICalendar({ name: 'c', stamp, events: [{ uid: 'u', start: stamp, summary: 's', url: 'https://x.example/\r\nATTENDEE:evil' }] });
    expect(text).toContain('URL:https://x.example/ATTENDEE:evil\r\n');
    expect(text).not.toMatch(/\r\nATTENDEE/);
  });
});
