import type { CodeChannel } from '../codes/delivery/code-delivery.ts';

/** How a player signs in: by mobile number (codes by SMS) or by e-mail (codes by e-mail). */
export type LoginIdentity = { kind: 'mobile'; value: string } | { kind: 'email'; value: string };

export function channelOf(identity: LoginIdentity): CodeChannel {
  return identity.kind === 'mobile' ? 'sms' : 'email';
}

/** The users column that holds this identity; a fixed name, never text from a request. */
export function columnOf(identity: LoginIdentity): 'mobile' | 'email' {
  return identity.kind;
}
