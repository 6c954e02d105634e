import { describe, expect, it } from 'vitest';
import { firstHeading, markdownToHtml } from '../src/markdown.ts';

describe('sanitising Markdown and HTML', () => {
  it('strips scripts, event handlers, javascript: links and foreign images', () => {
    const html = markdownToHtml(
      '<script>alert(1)</script>\n\n<img src="x.svg" onerror="alert(1)" alt="a">\n\n<img src="https://evil.example/p.gif" alt="b">\n\n<a href="javascript:alert(1)" onclick="x()">l</a> [ok](https://example.org)',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example/i);
    expect(html).toContain('<img src="x.svg" alt="a" loading="lazy" />');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">ok</a>');
  });

  it('gives headings an id from their text, for links to a section', () => {
    expect(markdownToHtml('## 2. Dati del **volo** è')).toBe('<h2 id="dati-del-volo-e">2. Dati del <strong>volo</strong> è</h2>\n');
  });
});

describe('firstHeading', () => {
  it('is the text of the first level-1 heading without emphasis marks, or null', () => {
    expect(firstHeading('intro\n\n## Not this\n\n# The **title** #\n\n# Second')).toBe('The title');
    expect(firstHeading('## Only a subheading')).toBeNull();
  });
});
