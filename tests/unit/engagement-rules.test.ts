import { describe, expect, test } from 'vitest';
import { COMMENT_MAX_LENGTH, authorNameOf, commentText, descendantsOf, fileTypeOf, reviewFiles } from '~/server/engagement/engagement.rules';

describe('commentText', () => {
  test.each([[''], ['   '], ['\n\t \r\n'], [null], [undefined], ['\u0000\u0001\u007f']])('%j is refused with 请输入内容', (raw) => {
    expect(commentText(raw)).toEqual({ ok: false, message: '请输入内容' });
  });

  test('trims, keeps inner line breaks, normalises CRLF and removes control characters', () => {
    expect(commentText('  第一行\r\n第二行\u0000\u0008  ')).toEqual({ ok: true, text: '第一行\n第二行' });
    expect(commentText('a\tb')).toEqual({ ok: true, text: 'a\tb' });
  });

  test('HTML is kept as plain text, never interpreted or stripped', () => {
    expect(commentText('<img src=x onerror=alert(1)>')).toEqual({ ok: true, text: '<img src=x onerror=alert(1)>' });
  });

  test('500 characters pass, 501 do not; length counts characters, not UTF-16 units', () => {
    expect(COMMENT_MAX_LENGTH).toBe(500);
    expect(commentText('评'.repeat(500)).ok).toBe(true);
    expect(commentText('评'.repeat(501))).toEqual({ ok: false, message: '内容不能超过500个字' });
    // 500 emoji are 1000 UTF-16 units but 500 characters.
    expect(commentText('😀'.repeat(500)).ok).toBe(true);
    expect(commentText('😀'.repeat(501)).ok).toBe(false);
    // Surrounding blanks do not count.
    expect(commentText(`  ${'评'.repeat(500)}  `).ok).toBe(true);
  });
});

describe('authorNameOf', () => {
  test('nick name, else real name, else 学员 + last 4 digits', () => {
    expect(authorNameOf({ nickName: '小王', realName: '王五', mobile: '13900001234' })).toBe('小王');
    expect(authorNameOf({ nickName: '  ', realName: '王五', mobile: '13900001234' })).toBe('王五');
    expect(authorNameOf({ nickName: null, realName: null, mobile: '13900001234' })).toBe('学员1234');
  });
});

describe('fileTypeOf and reviewFiles', () => {
  test.each([
    ['/media/open-day.mp4', 'video'],
    ['https://cdn.example.cn/a/B.MP4?x=1#t=2', 'video'],
    ['/images/a.svg', 'image'],
    ['/media/a.mp4.jpg', 'image'],
    ['/x?file=a.mp4', 'image'],
  ])('%s is a %s', (url, type) => {
    expect(fileTypeOf(url)).toBe(type);
  });

  test('the stored list becomes {url, type}; unsafe URLs, non-strings and bad JSON are dropped', () => {
    expect(reviewFiles(JSON.stringify(['/images/a.svg', '/media/b.mp4', 'javascript:alert(1)', '//evil.example/x.png', 7, null]))).toEqual([
      { url: '/images/a.svg', type: 'image' },
      { url: '/media/b.mp4', type: 'video' },
    ]);
    expect(reviewFiles(null)).toEqual([]);
    expect(reviewFiles('not json')).toEqual([]);
    expect(reviewFiles('{"url":"/a.png"}')).toEqual([]);
  });
});

describe('descendantsOf', () => {
  const links = [
    { id: 'a', parentId: 'top' },
    { id: 'b', parentId: 'a' },
    { id: 'c', parentId: 'b' },
    { id: 'd', parentId: 'top' },
    { id: 'e', parentId: 'a' },
  ];

  test('children, their children and so on; not siblings or ancestors', () => {
    expect(descendantsOf('a', links).sort()).toEqual(['b', 'c', 'e']);
    expect(descendantsOf('b', links)).toEqual(['c']);
    expect(descendantsOf('d', links)).toEqual([]);
    expect(descendantsOf('top', links).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('a corrupt cycle ends instead of looping', () => {
    const cyclic = [
      { id: 'x', parentId: 'y' },
      { id: 'y', parentId: 'x' },
    ];
    expect(descendantsOf('x', cyclic)).toEqual(['y']);
  });
});
