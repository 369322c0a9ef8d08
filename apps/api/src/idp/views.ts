import { PRODUCT_NAME } from '@aegis/contracts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6fa;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1c2433}
main{width:100%;max-width:400px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(20,30,60,.12)}
h1{font-size:1.4rem;margin:0 0 4px}
p.lead{margin:0 0 24px;color:#5a6478}
label{display:block;font-weight:600;font-size:.9rem;margin:16px 0 6px}
input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #b8c0cf;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid #9ab8ff;border-color:#2f5bd3}
input[readonly]{background:#eef1f6}
button{margin-top:24px;width:100%;padding:11px;font-size:1rem;font-weight:600;border:0;border-radius:8px;background:#2f5bd3;color:#fff;cursor:pointer}
button:hover{background:#2448ad}button:focus-visible{outline:3px solid #9ab8ff;outline-offset:2px}
.error{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#fdecec;color:#8a1c1c;border:1px solid #f3b6b6}
.hint{font-size:.85rem;color:#5a6478;margin-top:6px}
.brand{font-weight:700;letter-spacing:.04em;color:#2f5bd3;margin-bottom:20px}
@media (prefers-color-scheme: dark){body{background:#12161f;color:#e7ebf3}main{background:#1b2130;box-shadow:none}
input{background:#12161f;border-color:#3a4458}input[readonly]{background:#232a3a}p.lead,.hint{color:#a5aec0}}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main>
<div class="brand">${PRODUCT_NAME}</div>
${body}
</main></body></html>`;
}

const errorBlock = (error?: string) => (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '');

export function loginPage(opts: { action: string; xsrf: string; email?: string; error?: string }): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1><p class="lead">Use your ${PRODUCT_NAME} account.</p>
${errorBlock(opts.error)}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<input type="hidden" name="xsrf" value="${escapeHtml(opts.xsrf)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}" ${opts.email ? '' : 'autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required ${opts.email ? 'autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function signupPage(opts: {
  action: string;
  xsrf: string;
  email: string;
  organizationName: string;
  firstname?: string;
  lastname?: string;
  error?: string;
}): string {
  return page(
    'Create your account',
    `<h1>Create your account</h1><p class="lead">You were invited to join ${escapeHtml(opts.organizationName)}.</p>
${errorBlock(opts.error)}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<input type="hidden" name="xsrf" value="${escapeHtml(opts.xsrf)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" value="${escapeHtml(opts.email)}" readonly>
<label for="firstname">First name</label>
<input id="firstname" name="firstname" autocomplete="given-name" required value="${escapeHtml(opts.firstname ?? '')}" autofocus>
<label for="lastname">Last name</label>
<input id="lastname" name="lastname" autocomplete="family-name" required value="${escapeHtml(opts.lastname ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
<div class="hint" id="password-hint">At least 8 characters.</div>
<button type="submit">Create account</button>
</form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(message)}</p><p><a href="/login">Back to sign in</a></p>`);
}
