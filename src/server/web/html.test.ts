import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript } from '#server/lib/html.ts';
import { excerpt, parseTemplate, renderHeadTags, renderPage, type PageMeta } from './page-head.ts';

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

  it('names the boot, not the entry, on a page the server drew: the entry waits in a template, its screen scripts in another', () => {
    const template = parseTemplate(
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Atelier</title>\n' +
        '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-2.css">\n' +
        '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
    );
    const look = { language: 'en', theme: 'system', headingFont: 'sans' } as const;
    const meta: PageMeta = { title: 'Ada', siteName: 'Ada', type: 'website', screenScripts: ['/assets/photo-detail-3.js'] };
    const drawn = renderPage(template, meta, {}, look, '<main>Ada</main>', '/assets/boot-4.js');
    const head = drawn.slice(0, drawn.indexOf('</head>'));
    const scriptsThatRun = head.replace(/<template[\s\S]*?<\/template>/g, '').match(/<script[^>]*src="[^"]+"/g);
    expect(scriptsThatRun).toEqual(['<script type="module" crossorigin src="/assets/boot-4.js"']);
    expect(head).toContain('<template id="entry-script"><script type="module" crossorigin src="/assets/index-1.js"></script></template>');
    expect(head).toContain('<template id="screen-scripts"><link rel="modulepreload" crossorigin href="/assets/photo-detail-3.js" /></template>');
    expect(drawn.indexOf('index-2.css')).toBeLessThan(drawn.indexOf('boot-4.js'));
    // A page the browser draws alone runs the entry at once, boot or none.
    const alone = renderPage(template, { title: 'Ada', siteName: 'Ada', type: 'website' }, {}, look, '', '/assets/boot-4.js');
    expect(alone).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(alone).not.toContain('boot-4.js');
  });

  it('needs a head and a body to fill', () => {
    expect(() => parseTemplate('<html><body></body></html>')).toThrow('</head>');
    expect(() => parseTemplate('<html><head></head></html>')).toThrow('</body>');
  });
});
