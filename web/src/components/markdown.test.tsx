import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import Markdown from './markdown';

const html = (md: string): HTMLElement => render(<Markdown>{md}</Markdown>).container;

describe('Markdown sanitization', () => {
  it('renders markdown and allows raw HTML formatting through', () => {
    const c = html('# Title\n\nSome **bold** text and <u>underlined</u> <em>raw</em>.\n\n- one\n- two');
    expect(c.querySelector('h1')?.textContent).toBe('Title');
    expect(c.querySelector('strong')?.textContent).toBe('bold');
    expect(c.querySelector('em')?.textContent).toBe('raw');
    expect(c.querySelectorAll('li')).toHaveLength(2);
  });

  it('removes script tags (and their content)', () => {
    const c = html(
      'Hello <script>window.__pwned = true</script> world\n\n<script src="https://evil.example/x.js"></script>',
    );
    expect(c.querySelector('script')).toBeNull();
    expect(c.innerHTML).not.toContain('__pwned');
    expect(c.innerHTML).not.toContain('evil.example');
    expect(c.textContent).toContain('Hello');
  });

  it('removes event handler attributes such as onerror', () => {
    const c = html(
      '<img src="/x.png" onerror="alert(1)" alt="x">\n\n<a href="https://ok.example" onclick="alert(2)">link</a>',
    );
    const img = c.querySelector('img');
    expect(img).not.toBeNull();
    expect(img!.getAttribute('onerror')).toBeNull();
    expect(c.querySelector('a')!.getAttribute('onclick')).toBeNull();
    expect(c.innerHTML).not.toContain('alert(');
  });

  it('empties javascript: links (markdown and raw HTML)', () => {
    const c = html(
      '[click](javascript:alert(1))\n\n<a href="javascript:alert(2)">raw</a>\n\n[upper](JaVaScRiPt:alert(3))',
    );
    for (const a of Array.from(c.querySelectorAll('a'))) {
      const href = a.getAttribute('href') ?? '';
      expect(href.toLowerCase()).not.toContain('javascript');
      expect(href).toBe('');
    }
    expect(c.querySelectorAll('a').length).toBeGreaterThan(0);
  });

  it('replaces other unsafe schemes such as data: and vbscript: with ""', () => {
    const c = html('[d](data:text/html;base64,PHNjcmlwdD4=)\n\n[v](vbscript:msgbox)');
    for (const a of Array.from(c.querySelectorAll('a'))) expect(a.getAttribute('href') ?? '').toBe('');
  });

  it('keeps relative links, and links whose colon follows / ? or #', () => {
    const c = html('[rel](/styles/abc) [dot](./page) [q](/search?q=a:b) [hash](#part:2) [path](/a/b:c)');
    const hrefs = Array.from(c.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/styles/abc', './page', '/search?q=a:b', '#part:2', '/a/b:c']);
  });

  it('keeps http(s), mailto and the other allowed schemes', () => {
    const c = html(
      '[w](https://example.com/x) [m](mailto:hello@example.com) [x](xmpp:someone@example.com) [i](irc://irc.example.com/chan)',
    );
    const hrefs = Array.from(c.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://example.com/x',
      'mailto:hello@example.com',
      'xmpp:someone@example.com',
      'irc://irc.example.com/chan',
    ]);
  });

  it('keeps images with safe sources and drops javascript: image sources', () => {
    const c = html(
      '![cover](https://cdn.example.com/a.jpg)\n\n![rel](/api/public-image/b.jpg)\n\n<img src="javascript:alert(1)" alt="bad">',
    );
    const srcs = Array.from(c.querySelectorAll('img')).map((i) => i.getAttribute('src'));
    expect(srcs[0]).toBe('https://cdn.example.com/a.jpg');
    expect(srcs[1]).toBe('/api/public-image/b.jpg');
    expect(c.innerHTML).not.toContain('javascript:');
  });

  it('drops iframes, forms and style attributes', () => {
    const c = html(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><p style="position:fixed">p</p>',
    );
    expect(c.querySelector('iframe')).toBeNull();
    expect(c.querySelector('form')).toBeNull();
    expect(c.querySelector('p')?.getAttribute('style')).toBeNull();
  });
});
