import { describe, expect, it } from 'vitest';
import {
  MAX_FIELDS,
  MAX_FORMS,
  pageShows,
  pageShowsName,
  readAnyPage,
  readPage,
} from './read-page.js';

describe('readPage', () => {
  it('reads the title, the visible text and what a form submits', () => {
    const page = readPage(`<!doctype html><html><head><title> Sign in
      to &amp; more </title><style>.x{}</style><script>var hidden = "SECRET"</script></head>
      <body><h1>Hello  Sarah   PATEL</h1>
      <form method="POST" action="/form-submit">
        <input type="hidden" name="interactionId" value="a&quot;b">
        <input name="sub" value="urn:1">
        <input type="checkbox" name="emailVerified" value="true" checked>
        <input type="checkbox" name="phoneVerified" value="true">
        <input name="off" value="x" disabled>
        <textarea name="json">
{"a":1}</textarea>
        <button type="submit" name="continue" value="continue">Continue</button>
        <button type="submit" name="persona" value="p1">Use persona</button>
      </form></body></html>`);
    expect(page.title).toBe('Sign in to & more');
    expect(page.text).toContain('Hello Sarah PATEL');
    expect(page.text).not.toContain('SECRET');
    expect(page.forms).toEqual([
      {
        action: '/form-submit',
        method: 'post',
        fields: [
          ['interactionId', 'a"b'],
          ['sub', 'urn:1'],
          ['emailVerified', 'true'],
          ['json', '{"a":1}'],
          ['continue', 'continue'],
        ],
      },
    ]);
    expect(pageShows(page, 'sarah patel')).toBe(true);
    expect(pageShows(page, 'HEARNSHAW')).toBe(false);
  });

  it('copes with hostile markup: nested and unclosed forms, thousands of fields and forms', () => {
    const fields = Array.from({ length: 10_000 }, (_, i) => `<input name="f${i}" value="v">`);
    const forms = Array.from({ length: 100 }, () => '<form method="post" action="/x"></form>');
    const page = readPage(
      `<title>a<b>c</title><form action="/outer" method="post"><form action="/inner">${fields.join('')}<input type=submit name=go value=1>${forms.join('')}<script><form action="/in-script"></script><div <<<< '"`,
    );
    expect(page.forms.length).toBeLessThanOrEqual(MAX_FORMS);
    expect(page.forms[0]?.action).toBe('/outer');
    expect(page.forms[0]?.fields.length).toBe(MAX_FIELDS);
    expect(page.forms.some((f) => f.action === '/in-script' || f.action === '/inner')).toBe(false);
  });

  it('sees a name only as a name of its own, never inside an address, identifier or longer word', () => {
    const shows = (html: string) => pageShowsName(readPage(html), 'Patel');
    expect(shows('<p>Signed in as sarah.patel@example.com</p>')).toBe(false);
    expect(shows('<p>patel@example.com</p>')).toBe(false);
    expect(shows('<a href="/u">https://example.com/patel/x</a>')).toBe(false);
    expect(shows('<p>Mr Patelson, user patel-1, id x_patel</p>')).toBe(false);
    expect(shows('<p>Welcome, Sarah PATEL.</p>')).toBe(true);
    expect(shows('<p>Name: <b>Patel</b> (verified)</p>')).toBe(true);
    expect(shows('<p>sarah.patel@example.com &mdash; Sarah Patel</p>')).toBe(true);
    expect(pageShowsName(readPage('<p>Patel</p>'), '  ')).toBe(false);
  });

  it('a page without title or forms, or not HTML at all', () => {
    expect(readPage('')).toEqual({ type: 'html', text: '', forms: [] });
    expect(readPage('{"json": true}')).toEqual({ type: 'html', text: '{"json": true}', forms: [] });
  });

  it('reads text/plain and JSON pages as a user would see them', () => {
    expect(readAnyPage('text/plain; charset=utf-8', 'Signed in as\n  Sarah PATEL')).toEqual({
      type: 'text',
      text: 'Signed in as Sarah PATEL',
      forms: [],
    });
    const json = readAnyPage(
      'application/json',
      '{"sub":"urn:1","name":{"family":"PATEL"},"n":[1,null]}',
    );
    expect(json?.type).toBe('json');
    expect(json && pageShowsName(json, 'Patel')).toBe(true);
    expect(json && pageShows(json, 'urn:1')).toBe(true);
    expect(readAnyPage('application/problem+json', '{"detail":"x"}')?.type).toBe('json');
    // A JSON type whose body is not JSON is read as text; HTML by its type or its first character.
    expect(readAnyPage('application/json', 'not json PATEL')?.type).toBe('text');
    expect(readAnyPage('', '<p>PATEL</p>')?.type).toBe('html');
    expect(readAnyPage('application/xhtml+xml', '<p>PATEL</p>')?.type).toBe('html');
    expect(readAnyPage('image/png', 'PATEL')).toBeUndefined();
  });

  it('finds where a page sends the browser by itself', () => {
    expect(readPage('<meta http-equiv="Refresh" content="0; URL=\'/next?a=1\'">').refresh).toBe(
      '/next?a=1',
    );
    expect(readPage('<meta http-equiv="refresh" content="5;url=https://x/y">').refresh).toBe(
      'https://x/y',
    );
    expect(readPage('<meta http-equiv="refresh" content="5">').refresh).toBeUndefined();
    const posted = readPage(
      '<body onload="document.forms[0].submit()"><form method="post" action="/cb"><input type="hidden" name="code" value="c"></form></body>',
    );
    expect(posted.submitsItself).toBe(true);
    expect(posted.forms[0]?.fields).toEqual([['code', 'c']]);
    expect(
      readPage('<form action="/cb"></form><script>document.getElementById("f").submit()</script>')
        .submitsItself,
    ).toBe(true);
    // A script that does not submit, or a submit with no form, is not followed.
    expect(readPage('<form></form><script>var submit = 1</script>').submitsItself).toBeUndefined();
    expect(readPage('<script>x.submit()</script>').submitsItself).toBeUndefined();
  });
});
