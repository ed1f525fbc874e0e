import type { CodeChannel, CodeDelivery, CodeMessage } from '../../../platform/code-delivery-port.ts';

export type { CodeChannel, CodeDelivery, CodeMessage };

/** A way of getting a one-time code to a person. Throws when the message could not be handed over. */
export type CodeSender = { send(message: CodeMessage): Promise<void>; close?(): Promise<void> };

export function routeByChannel(senders: Record<CodeChannel, CodeSender>): CodeDelivery {
  return {
    send: (message) => senders[message.channel].send(message),
    async close() {
      await Promise.all(Object.values(senders).map((sender) => sender.close?.()));
    },
  };
}
