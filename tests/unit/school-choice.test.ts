import { describe, expect, test } from 'vitest';
import { keepSchoolChoice, linkSchoolChoice } from '~/server/http/school-choice';

const ID = '1000000000000000002';

describe('linkSchoolChoice: the chosen school on every same-site link of a page', () => {
  test('links, pager and content links, frames, in any attribute order and quoting', () => {
    const html = [
      '<a href="/">首页</a>',
      '<a class="x" href="/notice/list?current=2&amp;size=6" rel="next">下一页</a>',
      "<a href='/news-information/detail?id=7#c'>新闻</a>",
      '<a href=/school-info>概况</a>',
      '<A HREF="/query_pc">证书查询</A>',
      '<a title="a > b" href="/login?redirect=%2F">登录</a>',
      '<iframe data-src="/" title="预览"></iframe>',
      '<area href="/educational-product" alt="">',
    ].join('');
    expect(linkSchoolChoice(html, ID)).toBe(
      [
        `<a href="/?schoolId=${ID}">首页</a>`,
        `<a class="x" href="/notice/list?current=2&amp;size=6&amp;schoolId=${ID}" rel="next">下一页</a>`,
        `<a href="/news-information/detail?id=7&amp;schoolId=${ID}#c">新闻</a>`,
        `<a href="/school-info?schoolId=${ID}">概况</a>`,
        `<A HREF="/query_pc?schoolId=${ID}">证书查询</A>`,
        `<a title="a > b" href="/login?redirect=%2F&amp;schoolId=${ID}">登录</a>`,
        `<iframe data-src="/?schoolId=${ID}" title="预览"></iframe>`,
        `<area href="/educational-product?schoolId=${ID}" alt="">`,
      ].join(''),
    );
  });

  test('leaves other sites, fragments, the API, links that choose a school and non-link markup alone', () => {
    const html = [
      '<a href="https://exam.example.com/login" target="_blank">考试登录</a>',
      '<a href="#main" class="skip-link">跳到内容</a>',
      '<a href="tel:025-1234">电话</a>',
      '<a href="/?schoolId=7">加入的学校</a>',
      '<a href="/x?a=1&#38;schoolId=7">已选</a>',
      '<img src="/api/oauth/anyTenant/captcha?key=k">',
      '<link rel="icon" href="/favicon.svg">',
      '<a href="/x?q=&nbsp;">未知引用</a>',
      '<abbr title="/x">缩写</abbr>',
      '<a>无地址</a>',
    ].join('');
    expect(linkSchoolChoice(html, ID)).toBe(html);
  });

  test('text of scripts and styles is not markup', () => {
    const html =
      '<script>const s = \'<a href="/">\';</script><style>a[href="/"]{}</style>' +
      '<script type="application/json" id="portal-config">{"x":"<a href=\\"/\\">"}</script>';
    expect(linkSchoolChoice(html, ID)).toBe(html);
    expect(linkSchoolChoice(`${html}<a href="/">首页</a>`, ID)).toBe(`${html}<a href="/?schoolId=${ID}">首页</a>`);
  });

  test('a form that submits itself with GET carries the school as a field; POST forms on the action; dialogs and script forms alone', () => {
    expect(linkSchoolChoice('<form action="/news-information/list"><input name="q"></form>', ID)).toBe(
      `<form action="/news-information/list"><input type="hidden" name="schoolId" value="${ID}"><input name="q"></form>`,
    );
    expect(linkSchoolChoice('<form method="post" action="/subscribe">', ID)).toBe(`<form method="post" action="/subscribe?schoolId=${ID}">`);
    for (const form of ['<form method="dialog">', '<form novalidate>', '<form action="https://other.example/s">', '<form action="/s?schoolId=7">']) {
      expect(linkSchoolChoice(form, ID), form).toBe(form);
    }
  });
});

describe('keepSchoolChoice: the page answer', () => {
  const page = (body: string, init: ResponseInit = {}) =>
    new Response(body, { headers: { 'Content-Type': 'text/html', 'Content-Length': String(body.length) }, ...init });

  test('pages opened without schoolId are returned untouched', async () => {
    const res = page('<a href="/">首页</a>');
    expect(await keepSchoolChoice(new URL('http://localhost/news'), ID, res)).toBe(res);
  });

  test('HTML links get the school, the length header goes, status and other headers stay', async () => {
    const res = await keepSchoolChoice(
      new URL(`http://localhost/news?schoolId=${ID}`),
      ID,
      page('<a href="/">首页</a>', { status: 404, headers: { 'Content-Type': 'text/html', 'X-Extra': '1' } }),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('X-Extra')).toBe('1');
    expect(res.headers.get('Content-Length')).toBeNull();
    expect(await res.text()).toBe(`<a href="/?schoolId=${ID}">首页</a>`);
  });

  test('a redirect to a page of the site keeps the school; one that names a school or leaves the site does not change', async () => {
    const url = new URL(`http://localhost/news?schoolId=${ID}`);
    const to = async (location: string) =>
      (await keepSchoolChoice(url, ID, new Response(null, { status: 301, headers: { Location: location } }))).headers.get('Location');
    expect(await to('/news-information/list')).toBe(`/news-information/list?schoolId=${ID}`);
    expect(await to(`/query_pc?schoolId=${ID}&from=app`)).toBe(`/query_pc?schoolId=${ID}&from=app`);
    expect(await to('https://school.example.com/')).toBe('https://school.example.com/');
  });

  test('other answers (JSON, images) are not touched', async () => {
    const json = new Response('{"href":"/"}', { headers: { 'Content-Type': 'application/json' } });
    expect(await keepSchoolChoice(new URL(`http://localhost/x?schoolId=${ID}`), ID, json)).toBe(json);
  });
});
