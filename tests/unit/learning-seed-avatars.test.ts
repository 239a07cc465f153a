import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { LEARNING_COURSES } from '~/dev/seed/learning-data';
import { OFFLINE_LESSONS } from '~/dev/seed/offline-classroom';

/**
 * The demo's teachers wear their own surname: a lettered avatar (public/images/engagement/avatar-N.svg
 * draws one character) given to a teacher must draw the first character of that teacher's name,
 * and a teacher's picture is never some other image (a handout).
 */

const PUBLIC = fileURLToPath(new URL('../../public', import.meta.url));

function drawnCharacter(url: string): string | null {
  const svg = readFileSync(`${PUBLIC}${url}`, 'utf8');
  return /<text[^>]*>([^<]+)<\/text>/.exec(svg)?.[1] ?? null;
}

const teachers = [
  ...Object.values(LEARNING_COURSES)
    .flat()
    .flatMap((c) => (c.introductions ?? []).flatMap((x) => (x.type === 1 ? [{ where: c.name, name: x.teacherName, avatar: x.teacherHeadUrl }] : []))),
  ...OFFLINE_LESSONS.flatMap((l) => l.teachers.map((t) => ({ where: l.name, name: t.name, avatar: t.avatar }))),
];

describe('seeded teachers’ avatars', () => {
  test('there are teachers with pictures to check', () => {
    expect(teachers.filter((t) => t.avatar).length).toBeGreaterThanOrEqual(4);
  });

  test.each(teachers.filter((t) => t.avatar).map((t) => [t.name, t.where, t.avatar!]))('%s (%s): the picture draws their surname', (name, _where, avatar) => {
    expect(avatar).toMatch(/^\/images\/engagement\/avatar-\d+\.svg$/);
    expect(drawnCharacter(avatar)).toBe(name.slice(0, 1));
  });
});
