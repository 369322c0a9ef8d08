import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationId, uniqueEmail } from './factories';
import { build, type TestApp } from './helper';

/** A real SMTP server on loopback that keeps what it receives. */
const received: { to: string[]; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as net.AddressInfo).port;
  t = await build({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'Aegis <no-reply@aegis.test>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('e-mails the invitation with its link when SMTP is configured', async () => {
  const admin = await t.login('admin@demo.local');
  const email = uniqueEmail('mailed');
  const response = await admin({ method: 'POST', url: `/api/organizations/${await organizationId(t, 'Demo Organization')}/users`, payload: { email } });
  expect(response.statusCode).toBe(201);
  expect(response.json().email_sent).toBe(true);
  const mail = received.find((m) => m.to.includes(email));
  expect(mail).toBeDefined();
  expect(mail!.body).toContain('Subject: You are invited to Demo Organization on Aegis');
  // The e-mail carries its own link, never the one shown to the administrator: only it proves the address.
  const body = mail!.body.replace(/=\r?\n/g, '');
  expect(body).toContain('http://localhost:3000/api/auth/authorize/');
  expect(body).not.toContain(response.json().signup_link);
  // Dates read as the product writes them (spec section 9), never ISO.
  expect(body).toMatch(/expires on \d{2}-\d{2}-\d{4} \d{2}:\d{2} UTC\./);
  expect(body.slice(body.indexOf('invited you'))).not.toMatch(/\d{4}-\d{2}-\d{2}/);
});
