import type { FastifyInstance } from 'fastify';
import { listDevMails } from './service';
import { escapeHtml } from '../../lib/html';

/**
 * Dev outbox pages; registered only in local mode, so they never exist in a real deployment.
 * They list every code sent, so they answer this machine only (access `loopback`: the socket's
 * peer, not a header); anyone else gets 404 even when HOST makes the server reachable.
 */
export async function devMailRoutes(app: FastifyInstance) {
  const options = { config: { access: 'loopback' as const }, schema: { hide: true } };
  app.get('/dev/mail.json', options, async () => listDevMails(app.database.db, app.mail));

  app.get('/dev/mail', options, async (_request, reply) => {
    const mails = await listDevMails(app.database.db, app.mail);
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p><strong>To:</strong> ${escapeHtml(mail.to)} · <time datetime="${mail.createdAt}">${escapeHtml(mail.createdAt)}</time></p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox · Attune</title>
<style>body{font-family:system-ui,sans-serif;font-size:18px;line-height:1.5;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}article{border:1px solid #767676;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-size:1rem}</style>
</head><body><main><h1>Dev outbox</h1>
<p>Every mail the app sent in local mode, newest first. This page does not exist outside local mode.</p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`);
  });
}
