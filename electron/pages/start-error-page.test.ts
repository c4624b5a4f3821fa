import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildStartErrorPage, type StartErrorPageInput } from './start-error-page.js';

const input: StartErrorPageInput = {
  title: 'The port is already in use',
  message: 'Port 3000 on 127.0.0.1 is already in use by another program.',
  port: 3000,
  host: '127.0.0.1',
  suggestedPort: 3001,
};

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('buildStartErrorPage', () => {
  it('says what went wrong and offers a free port', () => {
    const { html } = buildStartErrorPage(input);
    expect(html).toContain('<h1>The port is already in use</h1>');
    expect(html).toContain('Port 3000 on 127.0.0.1 is already in use by another program.');
    expect(html).toContain('value="3001"');
    expect(html).toContain('data-host="127.0.0.1"');
    expect(html).toContain('Start on this port');
  });

  it('leaves the port empty when no free port was found', () => {
    expect(buildStartErrorPage({ ...input, suggestedPort: null }).html).toContain(
      'required value=""',
    );
  });

  it('escapes everything it is given', () => {
    const { html } = buildStartErrorPage({
      ...input,
      title: '<img src=x onerror=alert(1)>',
      message: 'a "quoted" <script>alert(1)</script> & more',
      host: '"><script>alert(2)</script>',
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('allows only its own inline script and style', () => {
    const { html } = buildStartErrorPage(input);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const decoded = csp.replace(/&#39;/g, "'");
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(decoded).toContain("default-src 'none'");
    expect(decoded).toContain(`script-src ${hashOf(script)}`);
    expect(decoded).toContain(`style-src ${hashOf(style)}`);
    expect(decoded).toContain("form-action 'none'");
    expect(decoded).not.toContain('unsafe');
  });

  it('is served as a data: URL holding exactly the page', () => {
    const { html, url } = buildStartErrorPage(input);
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length))).toBe(html);
  });
});
