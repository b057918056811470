/** The stand-in's hosted checkout pages: small, accessible, clearly not the real PayFast. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;color:#1a1a1a}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px #0002}
h1{font-size:1.3rem;margin:0 0 4px}.note{color:#555;font-size:.85rem}
.amount{font-size:2rem;font-weight:700;margin:16px 0}
button{font-size:1rem;padding:12px 18px;border-radius:8px;border:0;cursor:pointer;width:100%;margin-top:12px}
.pay{background:#0b6e4f;color:#fff}.decline{background:#fff;color:#8a1c1c;border:1px solid #8a1c1c}.cancel{background:#e9ecef;color:#1a1a1a}</style></head>
<body><main>${body}</main></body></html>`;
}

export const checkoutPage = {
  pay(session: string, f: Record<string, string>) {
    const recurring = f.subscription_type === '1' ? `<p>Recurring: ${f.frequency === '2' ? 'weekly' : 'monthly'}</p>` : '';
    return layout(
      'PayFast stand-in checkout',
      `<h1>PayFast checkout (local stand-in)</h1>
<p class="note">A test stand-in for PayFast's hosted checkout. No real money moves.</p>
<p>${escapeHtml(f.item_name ?? '')}</p>
<p class="amount">R ${escapeHtml(f.amount ?? '')}</p>${recurring}
<form method="post" action="/eng/process/pay"><input type="hidden" name="session" value="${escapeHtml(session)}">
<button class="pay" type="submit">Pay now</button></form>
<form method="post" action="/eng/process/decline"><input type="hidden" name="session" value="${escapeHtml(session)}">
<button class="decline" type="submit">Decline card (test)</button></form>
<form method="post" action="/eng/process/cancel"><input type="hidden" name="session" value="${escapeHtml(session)}">
<button class="cancel" type="submit">Cancel payment</button></form>`,
    );
  },
  error(message: string) {
    return layout('PayFast stand-in', `<h1>Payment could not start</h1><p>${escapeHtml(message)}</p>`);
  },
};
