// GET /dev/mailbox: the development mailbox page (only without SMTP_URL and outside
// production). Plain server-rendered HTML: it must work even before the web app is built.
// It shows password-reset links, so it answers only requests from this machine, whatever
// address the server listens on (docs/security.md section 1).
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@recuse/common';
import { readMailbox } from './mailbox.ts';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const plain = (address ?? '').trim().replace(/^::ffff:(?=\d+\.)/i, '');
  const family = isIP(plain);
  if (family === 0) return false;
  return loopback.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The peer and every address a proxy says it forwarded for must be loopback: a reverse proxy
 * on the same machine connects from 127.0.0.1 on behalf of anyone.
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  const forwarded = [request.headers['x-forwarded-for'], request.headers['x-real-ip']]
    .flat()
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(','));
  if (request.headers.forwarded !== undefined) return false;
  return [request.socket.remoteAddress, request.ip, ...forwarded].every(isLoopbackAddress);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function registerMailboxRoutes(app: FastifyInstance, directory: string) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!isFromThisMachine(request)) {
      return reply.code(403).send({ message: messages.mailboxLoopbackOnly });
    }
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
