import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

// The operator's contact channels on /support: a channel whose setting is unset is not offered, a set
// one comes back as a link the app can open, and a setting that is not a channel stops the server at
// start with a message naming it rather than showing players a link that goes nowhere.

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('/user/getSupportChannels', () => {
  it('offers no channel when none is set, to visitors as to players', async () => {
    server = await startTestServer();
    const visitor = await server.call('/user/getSupportChannels');
    expect(visitor.body).toEqual({ res: 1, resMsg: 'success', obj: { channels: [] } });
    const player = await server.registerMobile('9123400001');
    const signedIn = await server.call('/user/getSupportChannels', {}, { token: player.token });
    expect(signedIn.body.obj).toEqual({ channels: [] });
  });

  it('returns each set channel as a link, in the order Telegram, WhatsApp, e-mail, and leaves out the unset', async () => {
    server = await startTestServer({
      SUPPORT_EMAIL: 'help@mayur.example',
      SUPPORT_TELEGRAM: '@mayur_help',
      SUPPORT_WHATSAPP: '+91 98765 43210',
    });
    const reply = await server.call('/user/getSupportChannels');
    expect(reply.body.obj.channels).toEqual([
      { kind: 'telegram', label: '@mayur_help', url: 'https://t.me/mayur_help' },
      { kind: 'whatsapp', label: '+919876543210', url: 'https://wa.me/919876543210' },
      { kind: 'email', label: 'help@mayur.example', url: 'mailto:help@mayur.example' },
    ]);
    await server.stop();

    server = await startTestServer({ SUPPORT_WHATSAPP: 'https://wa.me/447700900123', SUPPORT_TELEGRAM: '  ' });
    const onlyWhatsApp = await server.call('/user/getSupportChannels');
    expect(onlyWhatsApp.body.obj.channels).toEqual([
      { kind: 'whatsapp', label: '+447700900123', url: 'https://wa.me/447700900123' },
    ]);
  });

  it('refuses to start with a setting that is not a channel, naming the setting', () => {
    const start = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });
    expect(start({ SUPPORT_TELEGRAM: 'javascript:alert(1)' })).toThrow(/SUPPORT_TELEGRAM must be a Telegram username/);
    expect(start({ SUPPORT_TELEGRAM: '@abc' })).toThrow(/SUPPORT_TELEGRAM/);
    expect(start({ SUPPORT_TELEGRAM: 'https://evil.example/mayur_help' })).toThrow(/SUPPORT_TELEGRAM/);
    expect(start({ SUPPORT_WHATSAPP: '98765' })).toThrow(/SUPPORT_WHATSAPP must be a WhatsApp number/);
    expect(start({ SUPPORT_WHATSAPP: '+91 98765 abc' })).toThrow(/SUPPORT_WHATSAPP/);
    expect(start({ SUPPORT_WHATSAPP: '0098765432100' })).toThrow(/SUPPORT_WHATSAPP/);
    expect(start({ SUPPORT_EMAIL: 'help at mayur' })).toThrow(/SUPPORT_EMAIL must be an e-mail address/);
    expect(start({ SUPPORT_EMAIL: 'help@mayur.example?subject=x' })).toThrow(/SUPPORT_EMAIL/);
  });
});
