export type CodeChannel = 'sms' | 'email';

export type CodeMessage = {
  channel: CodeChannel;
  destination: string;
  code: string;
  subject: string;
  text: string;
};

/** A way of getting a one-time code to a person. Throws when the message could not be handed over. */
export type CodeSender = { send(message: CodeMessage): Promise<void>; close?(): Promise<void> };

/** Routes each channel to its configured sender. */
export type CodeDelivery = { send(message: CodeMessage): Promise<void>; close(): Promise<void> };

export function routeByChannel(senders: Record<CodeChannel, CodeSender>): CodeDelivery {
  return {
    send: (message) => senders[message.channel].send(message),
    async close() {
      await Promise.all(Object.values(senders).map((sender) => sender.close?.()));
    },
  };
}
