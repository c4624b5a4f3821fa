import { Parser } from 'htmlparser2';

/**
 * What the check's driver reads from an HTML page: its title, its visible text (to look for the
 * verified name or the signed-in text) and its forms, with the values a browser would submit.
 * The page is parsed by htmlparser2, which copes with any markup; the sizes kept are capped so a
 * hostile page cannot grow the driver's memory beyond the page it already read.
 */

export const MAX_FORMS = 20;
export const MAX_FIELDS = 500;
const MAX_TITLE = 200;

export interface PageForm {
  /** As written (resolve it against the page's address). */
  action: string;
  method: 'get' | 'post';
  /** What pressing the form's first submit button sends, in document order. */
  fields: [string, string][];
}

export interface Page {
  /** What kind of page was read (by its Content-Type, else by its first character). */
  type: PageType;
  title?: string;
  /** A `<meta http-equiv="refresh">` target, as written (resolve it against the page's address). */
  refresh?: string;
  /** A script on the page submits its first form by itself (e.g. a form_post response). */
  submitsItself?: boolean;
  /** Visible text, whitespace collapsed (scripts and styles left out). */
  text: string;
  forms: PageForm[];
}

export const PAGE_TYPES = ['html', 'text', 'json'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

interface OpenForm extends PageForm {
  submitChosen: boolean;
  full: boolean;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

export function readPage(html: string): Page {
  const forms: OpenForm[] = [];
  const text: string[] = [];
  let title: string | undefined;
  let inTitle = false;
  let titleText = '';
  let hidden = 0;
  let form: OpenForm | undefined;
  let textarea: { name: string; value: string } | undefined;
  let refresh: string | undefined;
  let inScript = false;
  let script = '';
  let submitsItself = false;

  const add = (name: string, value: string) => {
    if (!form || !name) return;
    if (form.fields.length >= MAX_FIELDS) {
      form.full = true;
      return;
    }
    form.fields.push([name, value]);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'script' || name === 'style' || name === 'template') hidden++;
        if (name === 'script') inScript = true;
        if (name === 'body' && /\.submit\s*\(/.test(attrs.onload ?? '')) submitsItself = true;
        if (
          name === 'meta' &&
          refresh === undefined &&
          (attrs['http-equiv'] ?? '').toLowerCase() === 'refresh'
        )
          refresh = refreshTarget(attrs.content ?? '');
        if (name === 'title' && title === undefined) inTitle = true;
        if (name === 'form' && !form && forms.length < MAX_FORMS) {
          form = {
            action: attrs.action ?? '',
            method: (attrs.method ?? '').toLowerCase() === 'post' ? 'post' : 'get',
            fields: [],
            submitChosen: false,
            full: false,
          };
          forms.push(form);
        }
        if (!form || attrs.disabled !== undefined) return;
        const fieldName = attrs.name ?? '';
        if (name === 'input') {
          const type = (attrs.type ?? 'text').toLowerCase();
          if (type === 'submit' || type === 'image') {
            if (!form.submitChosen) {
              form.submitChosen = true;
              add(fieldName, attrs.value ?? '');
            }
          } else if (type === 'checkbox' || type === 'radio') {
            if (attrs.checked !== undefined) add(fieldName, attrs.value ?? 'on');
          } else if (type !== 'button' && type !== 'reset' && type !== 'file')
            add(fieldName, attrs.value ?? '');
        } else if (name === 'button') {
          const type = (attrs.type ?? 'submit').toLowerCase();
          if (type === 'submit' && !form.submitChosen) {
            form.submitChosen = true;
            add(fieldName, attrs.value ?? '');
          }
        } else if (name === 'textarea') textarea = { name: fieldName, value: '' };
      },
      ontext(data) {
        if (inTitle) titleText += data;
        if (inScript && script.length < 10_000) script += data;
        if (textarea) textarea.value += data;
        if (!hidden && text.length < 100_000) text.push(data);
      },
      onclosetag(name) {
        if (name === 'script' && inScript) {
          inScript = false;
          if (/\.submit\s*\(\s*\)/.test(script)) submitsItself = true;
          script = '';
        }
        if (name === 'script' || name === 'style' || name === 'template')
          hidden = Math.max(0, hidden - 1);
        if (name === 'title' && inTitle) {
          inTitle = false;
          title = collapse(titleText).slice(0, MAX_TITLE);
        }
        if (name === 'textarea' && textarea) {
          // A browser drops the one line break that follows <textarea>.
          add(textarea.name, textarea.value.replace(/^\r?\n/, ''));
          textarea = undefined;
        }
        if (name === 'form') form = undefined;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return {
    type: 'html',
    ...(title ? { title } : {}),
    ...(refresh ? { refresh } : {}),
    ...(submitsItself && forms.length ? { submitsItself } : {}),
    text: collapse(text.join(' ')),
    forms: forms.map(({ action, method, fields }) => ({ action, method, fields })),
  };
}

/** The address of a refresh's content ("0; url=/next"), or undefined when it names none. */
function refreshTarget(content: string): string | undefined {
  const m = /^\s*\d*(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.*?)\1\s*$/i.exec(content);
  const target = m?.[2]?.trim();
  return target ? target : undefined;
}

/** Every key and value of a JSON document, in order, as text a name or phrase can be found in. */
function jsonText(value: unknown, out: string[]): void {
  if (out.length > 100_000) return;
  if (Array.isArray(value)) for (const v of value) jsonText(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      jsonText(v, out);
    }
  else if (value !== null && value !== undefined) out.push(String(value));
}

/**
 * Reads a page of any type a service answers with: HTML (and XHTML), JSON (its keys and values
 * become its text), and plain text (as is). Undefined for a type no user reads (an image).
 */
export function readAnyPage(contentType: string, body: string): Page | undefined {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (/html|xml/.test(type) || (type === '' && /^\s*</.test(body))) return readPage(body);
  if (
    type === 'application/json' ||
    type.endsWith('+json') ||
    (type === '' && /^\s*[[{]/.test(body))
  ) {
    try {
      const out: string[] = [];
      jsonText(JSON.parse(body) as unknown, out);
      return { type: 'json', text: collapse(out.join(' ')), forms: [] };
    } catch {
      return { type: 'text', text: collapse(body), forms: [] };
    }
  }
  if (type.startsWith('text/') || type === '')
    return { type: 'text', text: collapse(body), forms: [] };
  return undefined;
}

/** Whether `needle` shows in the page's text (case and spacing ignored). */
export function pageShows(page: Page, needle: string): boolean {
  return page.text.toLowerCase().includes(collapse(needle).toLowerCase());
}

/** A character that joins a word to a longer one: a letter, digit or mark, or a `_`. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
/** What binds a word into an address or an identifier: `sarah.patel@example.com`, `patel-1`. */
const JOINER = /[.@+\-/:=]/;

/**
 * Whether a name shows in the page's text as a name of its own (case and spacing ignored): not
 * inside a longer word, an email address, a URL or an identifier, so the family name "Patel" is
 * not seen in "sarah.patel@example.com" or "Patelson".
 */
export function pageShowsName(page: Page, name: string): boolean {
  const text = page.text.toLowerCase();
  const needle = collapse(name).toLowerCase();
  if (needle === '') return false;
  const word = (i: number): boolean => i >= 0 && i < text.length && WORD_CHAR.test(text[i]!);
  // A joiner binds only when a word goes on beyond it: "Patel." ending a sentence is the name.
  const bound = (i: number, beyond: number): boolean =>
    word(i) || (i >= 0 && i < text.length && JOINER.test(text[i]!) && word(beyond));
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const before = at - 1;
    const after = at + needle.length;
    if (!bound(before, before - 1) && !bound(after, after + 1)) return true;
  }
  return false;
}
