import type sanitizeHtml from 'sanitize-html';
import { loadSanitizeHtml } from '../../lib/heavy-modules';

/**
 * The church's rich text (Terms of Service, privacy notice) as the public
 * pages may render it: the editor's formatting only, no scripts, styles,
 * event handlers or frames, and links only to http(s), mailto, tel or a page
 * of this site. Plain text written before the editor existed (paragraphs
 * separated by blank lines) becomes paragraphs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Content of dropped script/style elements goes too, not only their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    // Every kept link opens safely in a new tab when it leaves the site.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      const kept: sanitizeHtml.Attributes = external ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' } : { href };
      // A link whose address was refused keeps its words as plain text (span is not allowed: only its text stays).
      return href ? { tagName, attribs: kept } : { tagName: 'span', attribs: {} };
    },
  },
};
// target and rel are added by the transform above, after the attribute filter has run.
OPTIONS.allowedAttributes = { a: ['href', 'target', 'rel'] };

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** True when the text carries no markup at all: then it is the older plain form. */
const isPlainText = (s: string) => !/<[a-z/!]/i.test(s);

/** Loaded on first use: the parser is not needed to start the server. */
export async function sanitizeRichText(input: string): Promise<string> {
  const trimmed = input.trim();
  if (!trimmed) return '';
  const html = isPlainText(trimmed)
    ? trimmed
        .split(/\n[ \t]*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
        .join('')
    : trimmed;
  return (await loadSanitizeHtml())(html, OPTIONS).trim();
}
