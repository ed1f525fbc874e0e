import { findProtectionState } from '../protection/protection-state.ts';
import { findPlayer, required, type Command } from './command-kit.ts';

// Operator commands for player protection (decision 0022): read-only. There is deliberately no
// command that lifts, shortens or changes a time-out, a self-exclusion or a player's limits: only the
// player sets them, and nobody ends an exclusion early.

export const protectionCommands: Record<string, Command> = {
  'protection:show': {
    usage:
      'protection:show --user <id|email|mobile|promotion code>   (read-only: limits, pending changes, time-out or self-exclusion)',
    async run(ctx, args) {
      const { id: userId } = await findPlayer(ctx.db, required(args, 'user'));
      const state = await findProtectionState(ctx.db, ctx.clock.now(), userId);
      const exclusion = state.exclusion
        ? `${state.exclusion.kind} (${state.exclusion.duration}) since ${state.exclusion.startedAt} until ${state.exclusion.endsAt}; it cannot be lifted early`
        : 'none';
      return [
        `player ${userId} at ${state.serverTime}`,
        `exclusion: ${exclusion}`,
        `reality check: ${state.realityCheckMinutes === 0 ? 'off' : `every ${state.realityCheckMinutes} minutes`}`,
        ...state.limits.map(
          (limit) =>
            `  ${limit.kind} ${limit.period}: ${limit.amount === null ? 'no limit' : `₹${limit.amount}`}, used ₹${limit.used} (resets ${limit.resetsAt})` +
            (limit.pending
              ? `; pending ${limit.pending.amount === null ? 'removal' : `₹${limit.pending.amount}`} asked ${limit.pending.requestedAt}, confirmable by the player from ${limit.pending.confirmableAt}`
              : ''),
        ),
      ];
    },
  },
};
