import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';

// The smtp and sms-http providers are tested against real peers started here on loopback: an SMTP
// server that records what it receives, and an HTTP webhook.

type Received = { from: string; to: string[]; body: string };
let servers: TestServer[] = [];
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(closers.splice(0).map((close) => close()));
  servers = [];
});

async function startSmtp(): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => smtp.close(() => resolve())));
  return { port: (smtp.server.address() as AddressInfo).port, received };
}

async function startWebhook(
  status: number,
): Promise<{ url: string; received: Array<{ headers: http.IncomingHttpHeaders; body: any }> }> {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: any }> = [];
  const webhook = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => webhook.close(() => resolve())));
  return { url: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/sms`, received };
}

describe('smtp provider', () => {
  it('mails the code to a real SMTP server and the code then registers the player', async () => {
    const smtp = await startSmtp();
    const server = await startTestServer({
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'Mayur <codes@mayur.test>',
    });
    servers.push(server);
    expect((await server.call('/smsserver/getEmailCode', { email: 'mailbox@example.com' })).body.res).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['mailbox@example.com']);
    expect(smtp.received[0]!.from).toBe('codes@mayur.test');
    const code = /verification code is (\d{6})/.exec(smtp.received[0]!.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await server.outbox()).toEqual([]);
    const reply = await server.call('/user/emailRegist', {
      email: 'mailbox@example.com',
      password: 'secret-pass-1',
      code,
      ageConfirmed: true,
      riskAccepted: true,
    });
    expect(reply.body.res).toBe(1);
  });

  it('refuses with CODE_DELIVERY_FAILED when the SMTP server is unreachable, and allows a retry at once', async () => {
    const server = await startTestServer({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: '1' });
    servers.push(server);
    const reply = await server.call('/smsserver/getEmailCode', { email: 'mailbox@example.com' });
    expect(reply.body).toMatchObject({ res: 0, code: 'CODE_DELIVERY_FAILED' });
    const again = await server.call('/smsserver/getEmailCode', { email: 'mailbox@example.com' });
    expect(again.body.code).toBe('CODE_DELIVERY_FAILED');
  });
});

describe('sms-http provider', () => {
  it('posts the message to the configured webhook with its authorization header', async () => {
    const webhook = await startWebhook(200);
    const server = await startTestServer({
      SMS_PROVIDER: 'sms-http',
      SMS_HTTP_URL: webhook.url,
      SMS_HTTP_AUTH: 'Bearer sms-secret',
    });
    servers.push(server);
    expect((await server.call('/smsserver/getCode', { mobile: '9876522222' })).body.res).toBe(1);
    expect(webhook.received).toHaveLength(1);
    expect(webhook.received[0]!.headers.authorization).toBe('Bearer sms-secret');
    expect(webhook.received[0]!.body).toMatchObject({ to: '9876522222', channel: 'sms' });
    expect(webhook.received[0]!.body.text).toMatch(/verification code is \d{6}/);
  });

  it('treats a non-2xx answer as not delivered', async () => {
    const webhook = await startWebhook(502);
    const server = await startTestServer({ SMS_PROVIDER: 'sms-http', SMS_HTTP_URL: webhook.url });
    servers.push(server);
    expect((await server.call('/smsserver/getCode', { mobile: '9876522223' })).body.code).toBe('CODE_DELIVERY_FAILED');
    const rows = await server.ctx.db.query('select 1 from verification_codes');
    expect(rows).toHaveLength(0);
  });
});
