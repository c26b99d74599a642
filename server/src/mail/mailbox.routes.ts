// GET /dev/mailbox: the development mailbox page (only without SMTP_URL and outside
// production). Plain server-rendered HTML: it must work even before the web app is built.
import type { FastifyInstance } from 'fastify';
import { readMailbox } from './mailbox.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function registerMailboxRoutes(app: FastifyInstance, directory: string) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await readMailbox(directory);
    const items = mails.map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p>To: <span class="to">${escapeHtml(mail.to)}</span> · ${escapeHtml(mail.date)}</p>
  <pre>${escapeHtml(mail.text)}</pre>
  <ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
</article>`,
    );
    reply.type('text/html; charset=utf-8');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development mailbox · Recuse</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Development mailbox</h1>
<p>Mails the app would have sent. Configure SMTP_URL to deliver real mail.</p>
${items.length ? items.join('\n') : '<p>No mail yet.</p>'}
</body></html>`;
  });
}
