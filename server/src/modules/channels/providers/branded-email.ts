import { loadMjml } from '../../../lib/heavy-modules';

/**
 * The church's e-mail, in its colours: logo, the message, and a footer with
 * the church's details and the unsubscribe link, built with MJML (responsive
 * tables that mail clients render alike), with the plain-text part beside it.
 * Everything a person typed is escaped: a message cannot inject markup.
 */
export interface Branding {
  churchName: string;
  /** Absolute URL of the logo, or null. */
  logoUrl: string | null;
  colour: string;
  /** The church's address, phone and e-mail, one line each. */
  details: string[];
  footer: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const paragraphs = (s: string) =>
  s
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px 0">${escape(p).replace(/\n/g, '<br/>')}</p>`)
    .join('');

export async function renderBrandedEmail(b: Branding, m: { subject: string; text: string; unsubscribeUrl: string | null }) {
  const toHtml = await loadMjml();
  const colour = /^#[0-9a-fA-F]{6}$/.test(b.colour) ? b.colour : '#1c7ed6';
  const details = b.details.filter(Boolean).map(escape).join(' · ');
  const unsubscribe = m.unsubscribeUrl ? `<a href="${escape(m.unsubscribeUrl)}" style="color:#555">Unsubscribe from church e-mail</a>` : '';
  const source = `<mjml lang="en">
  <mj-head><mj-title>${escape(m.subject)}</mj-title><mj-preview>${escape(m.text.slice(0, 120))}</mj-preview>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="1.5" color="#222" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${colour}" padding="16px">
      <mj-column>
        ${b.logoUrl ? `<mj-image src="${escape(b.logoUrl)}" alt="${escape(b.churchName)}" width="120px" padding="0 0 8px 0" />` : ''}
        <mj-text align="center" color="#ffffff" font-size="20px" font-weight="bold">${escape(b.churchName)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 16px">
      <mj-column>
        <mj-text font-size="18px" font-weight="bold">${escape(m.subject)}</mj-text>
        <mj-text>${paragraphs(m.text)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#555">${escape(b.churchName)}${details ? `<br/>${details}` : ''}${b.footer ? `<br/>${escape(b.footer)}` : ''}</mj-text>
        ${unsubscribe ? `<mj-text align="center" font-size="12px">${unsubscribe}</mj-text>` : ''}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // MJML 4 answers at once; its types (and MJML 5) say a promise: await covers both.
  const { html } = await toHtml(source, { validationLevel: 'soft' });
  const text = [
    m.text,
    '',
    '--',
    b.churchName,
    ...b.details.filter(Boolean),
    ...(b.footer ? [b.footer] : []),
    ...(m.unsubscribeUrl ? [`Unsubscribe from church e-mail: ${m.unsubscribeUrl}`] : []),
  ].join('\n');
  return { html, text };
}
