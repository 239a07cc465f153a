import { describe, expect, test } from 'vitest';
import { makePreviewTicket, PREVIEW_MAX_LIFETIME_S, readPreviewTicket } from '~/server/content/preview.rules';
import { signToken } from '~/server/signed-token';

const SECRET = 'preview-secret-for-unit-tests-0123456789';
const NOW_MS = Date.UTC(2026, 10, 23, 2, 0, 0);
const NOW_S = NOW_MS / 1000;
const base = { tenantId: '1000000000000000001', id: '2000000000000000001' };

describe('news preview tickets', () => {
  test('a ticket made for an item is valid until it expires, and names that item of that school', () => {
    const ticket = makePreviewTicket(SECRET, { ...base, nowMs: NOW_MS, lifetimeS: 600 });
    const read = readPreviewTicket(ticket, SECRET, NOW_S + 599);
    expect(read).toEqual({ state: 'valid', payload: { ...base, kind: 'news', iat: NOW_S, exp: NOW_S + 600 } });
    expect(readPreviewTicket(ticket, SECRET, NOW_S + 600).state).toBe('expired');
  });

  test('it may be opened again while it lasts (a reload after an edit)', () => {
    const ticket = makePreviewTicket(SECRET, { ...base, nowMs: NOW_MS });
    expect(readPreviewTicket(ticket, SECRET, NOW_S + 1).state).toBe('valid');
    expect(readPreviewTicket(ticket, SECRET, NOW_S + 2).state).toBe('valid');
  });

  test('a lifetime of an hour is accepted, a longer one is not', () => {
    const hour = makePreviewTicket(SECRET, { ...base, nowMs: NOW_MS, lifetimeS: PREVIEW_MAX_LIFETIME_S });
    expect(readPreviewTicket(hour, SECRET, NOW_S).state).toBe('valid');
    const longer = makePreviewTicket(SECRET, { ...base, nowMs: NOW_MS, lifetimeS: PREVIEW_MAX_LIFETIME_S + 1 });
    expect(readPreviewTicket(longer, SECRET, NOW_S).state).toBe('invalid');
  });

  test('a ticket issued more than a minute in the future is refused', () => {
    const ahead = makePreviewTicket(SECRET, { ...base, nowMs: NOW_MS + 61_000 });
    expect(readPreviewTicket(ahead, SECRET, NOW_S).state).toBe('invalid');
    const skewed = makePreviewTicket(SECRET, { ...base, nowMs: NOW_MS + 60_000 });
    expect(readPreviewTicket(skewed, SECRET, NOW_S).state).toBe('valid');
  });

  test('a tampered ticket, another secret, or nonsense is invalid', () => {
    const ticket = makePreviewTicket(SECRET, { ...base, nowMs: NOW_MS });
    const [body, mac] = ticket.split('.') as [string, string];
    const otherItem = Buffer.from(JSON.stringify({ ...base, id: '2000000000000000002', kind: 'news', iat: NOW_S, exp: NOW_S + 900 })).toString('base64url');
    expect(readPreviewTicket(`${otherItem}.${mac}`, SECRET, NOW_S).state).toBe('invalid');
    expect(readPreviewTicket(`${body}.${mac.slice(0, -2)}AA`, SECRET, NOW_S).state).toBe('invalid');
    expect(readPreviewTicket(ticket, `${SECRET}x`, NOW_S).state).toBe('invalid');
    for (const bad of ['', 'x', 'a.b', `${body}`, null, undefined]) expect(readPreviewTicket(bad, SECRET, NOW_S).state).toBe('invalid');
  });

  test('a well-signed payload of the wrong shape is invalid', () => {
    const wrongKind = signToken({ ...base, kind: 'album', iat: NOW_S, exp: NOW_S + 60 }, SECRET);
    const noTenant = signToken({ id: base.id, kind: 'news', iat: NOW_S, exp: NOW_S + 60 }, SECRET);
    const backwards = signToken({ ...base, kind: 'news', iat: NOW_S, exp: NOW_S }, SECRET);
    for (const t of [wrongKind, noTenant, backwards]) expect(readPreviewTicket(t, SECRET, NOW_S).state).toBe('invalid');
  });
});

describe('notice preview tickets', () => {
  test('a notice ticket names its kind, so a page of one kind can tell it from a news ticket', () => {
    const notice = makePreviewTicket(SECRET, { ...base, kind: 'notice', nowMs: NOW_MS, lifetimeS: 600 });
    expect(readPreviewTicket(notice, SECRET, NOW_S)).toEqual({ state: 'valid', payload: { ...base, kind: 'notice', iat: NOW_S, exp: NOW_S + 600 } });
    expect(readPreviewTicket(notice, SECRET, NOW_S + 600).state).toBe('expired');
    const news = makePreviewTicket(SECRET, { ...base, nowMs: NOW_MS });
    expect(readPreviewTicket(news, SECRET, NOW_S)).toMatchObject({ state: 'valid', payload: { kind: 'news' } });
  });
});
