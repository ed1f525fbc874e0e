import { z } from 'zod';
import { flag, oneOf, optionalText, textOr, wholeNumber } from '../../platform/env-fields.ts';

// How one-time codes reach players: kept in the outbox (development), mailed over SMTP, or posted to
// an SMS gateway over HTTP.

export type CodeDeliveryProvider = 'outbox' | 'smtp' | 'sms-http';

export type CodeDeliverySettings = {
  emailProvider: CodeDeliveryProvider;
  smsProvider: CodeDeliveryProvider;
  smtp: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
  smsHttp: { url: string; authHeader?: string };
};

const PROVIDERS = ['outbox', 'smtp', 'sms-http'] as const;

export const codeDeliveryEnv = z
  .object({
    EMAIL_PROVIDER: oneOf(PROVIDERS, 'outbox'),
    SMS_PROVIDER: oneOf(PROVIDERS, 'outbox'),
    SMTP_HOST: textOr('127.0.0.1'),
    SMTP_PORT: wholeNumber(587),
    SMTP_SECURE: flag(false),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    SMTP_FROM: textOr('Mayur <no-reply@mayur.local>'),
    SMS_HTTP_URL: textOr(''),
    SMS_HTTP_AUTH: optionalText,
  })
  .transform((fields): CodeDeliverySettings => ({
    emailProvider: fields.EMAIL_PROVIDER,
    smsProvider: fields.SMS_PROVIDER,
    smtp: {
      host: fields.SMTP_HOST,
      port: fields.SMTP_PORT,
      secure: fields.SMTP_SECURE,
      user: fields.SMTP_USER,
      password: fields.SMTP_PASSWORD,
      from: fields.SMTP_FROM,
    },
    smsHttp: { url: fields.SMS_HTTP_URL, authHeader: fields.SMS_HTTP_AUTH },
  }));
