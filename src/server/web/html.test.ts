import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript } from '#server/lib/html.ts';
import { excerpt, parseTemplate, renderHeadTags, renderPage } from './page-head.ts';

describe('escapeHtml', () => {
  it('leaves no markup and no way out of a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('jsonForScript', () => {
  it('cannot close its script element or open a comment, and parses back unchanged', () => {
    const value = { title: '</script><script>alert(1)</script>', note: '<!-- x', line: 'a\u2028b' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('excerpt', () => {
  it('flattens white space and cuts long text at a character boundary', () => {
    expect(excerpt('  one\n\ntwo  ')).toBe('one two');
    expect(excerpt('')).toBeUndefined();
    expect(excerpt(null)).toBeUndefined();
    const cut = excerpt('😀'.repeat(300), 10) ?? '';
    expect([...cut]).toHaveLength(10);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('renderHeadTags', () => {
  it('writes a summary card without an image and leaves out what is missing', () => {
    const tags = renderHeadTags({ title: 'Ada', siteName: 'Ada', type: 'website' });
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).not.toContain('og:image');
    expect(tags).not.toContain('name="description"');
  });
});

describe('parseTemplate', () => {
  it('puts the build’s stylesheet, then its entry, before the page’s own tags, its preloads among them', () => {
    const template = parseTemplate(
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Atelier</title>\n' +
        '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-2.css">\n' +
        '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
    );
    const page = renderPage(template, { title: 'Ada', siteName: 'Ada', type: 'website', modulePreloads: ['/assets/photo-detail-3.js'] }, {}, { language: 'en', theme: 'system', headingFont: 'sans' });
    const order = ['charset', 'index-2.css', 'index-1.js', '<title>Ada</title>', 'photo-detail-3.js', '</head>'].map((text) => page.indexOf(text));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(page.match(/index-1\.js/g)).toHaveLength(1);
    expect(page.match(/index-2\.css/g)).toHaveLength(1);
  });

  it('needs a head and a body to fill', () => {
    expect(() => parseTemplate('<html><body></body></html>')).toThrow('</head>');
    expect(() => parseTemplate('<html><head></head></html>')).toThrow('</body>');
  });
});
