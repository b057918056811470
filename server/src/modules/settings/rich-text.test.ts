import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('removes scripts, event handlers, styles and frames, keeping the formatting', async () => {
    const out = await sanitizeRichText(
      '<h2 onclick="x()">Terms</h2><p style="color:red">Be <strong>kind</strong><script>alert(1)</script></p><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>',
    );
    expect(out).toBe('<h2>Terms</h2><p>Be <strong>kind</strong></p>');
  });

  it('keeps links only to http(s), mailto, tel and pages of this site', async () => {
    const out = await sanitizeRichText(
      '<p><a href="javascript:alert(1)">a</a> <a href="data:text/html,x">b</a> <a href="//evil.example">c</a> ' +
        '<a href="https://example.org">d</a> <a href="mailto:office@church.org">e</a> <a href="tel:+27123624410">f</a> <a href="/privacy">g</a></p>',
    );
    expect(out).not.toMatch(/javascript|data:|evil/);
    expect(out).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">d</a>');
    expect(out).toContain('<a href="mailto:office@church.org">e</a>');
    expect(out).toContain('<a href="tel:+27123624410">f</a>');
    expect(out).toContain('<a href="/privacy">g</a>');
  });

  it('turns the older plain text into escaped paragraphs', async () => {
    expect(await sanitizeRichText('First & best\n\nSecond: 3 < 4')).toBe('<p>First &amp; best</p><p>Second: 3 &lt; 4</p>');
    expect(await sanitizeRichText('   ')).toBe('');
  });
});
