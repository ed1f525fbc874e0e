import type { Config } from '../../../platform/config.ts';
import type { CodeDeliveryProvider } from '../code-delivery-env.ts';
import type { Db } from '../../../platform/db/db.ts';
import { routeByChannel, type CodeDelivery, type CodeSender } from './code-delivery.ts';
import { outboxSender } from './outbox-sender.ts';
import { smsHttpSender } from './sms-http-sender.ts';
import { smtpSender } from './smtp-sender.ts';

export function createCodeDelivery(config: Config, db: Db): CodeDelivery {
  const build = (provider: CodeDeliveryProvider): CodeSender => {
    if (provider === 'smtp') return smtpSender(config.codeDelivery.smtp);
    if (provider === 'sms-http') return smsHttpSender(config.codeDelivery.smsHttp);
    return outboxSender(db);
  };
  return routeByChannel({ sms: build(config.codeDelivery.smsProvider), email: build(config.codeDelivery.emailProvider) });
}
