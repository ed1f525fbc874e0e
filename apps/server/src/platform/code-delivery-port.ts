// What the context offers use cases for getting a one-time code to a person. The platform names the
// port; modules/codes/delivery implements it (outbox, SMTP, SMS webhook), so the platform never
// imports a module.

export type CodeChannel = 'sms' | 'email';

export type CodeMessage = {
  channel: CodeChannel;
  destination: string;
  code: string;
  subject: string;
  text: string;
};

/** Routes each channel to its configured sender. Throws when the message could not be handed over. */
export type CodeDelivery = { send(message: CodeMessage): Promise<void>; close(): Promise<void> };
