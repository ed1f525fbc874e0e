import nodemailer from 'nodemailer';
import type { Config } from '../../../platform/config.ts';
import type { CodeSender } from './code-delivery.ts';

export function smtpSender(settings: Config['codeDelivery']['smtp']): CodeSender {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: settings.from, to: message.destination, subject: message.subject, text: message.text });
    },
    async close() {
      transport.close();
    },
  };
}
