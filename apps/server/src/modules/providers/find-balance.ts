import type { AppContext } from '../../platform/context.ts';
import type { ProviderSettings } from './providers-env.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { findGameSession } from './game-sessions.ts';
import type { BalanceCall, WalletAnswer } from './wallet-calls.ts';
import { Refusal } from '../../platform/refusal.ts';

/** The player's cash (bonus is not playable at outside studios), for a live session of that player. */
export async function findBalance(ctx: AppContext, provider: ProviderSettings, call: BalanceCall): Promise<WalletAnswer> {
  const session = await findGameSession(ctx.db, provider.id, call.sessionToken, call.playerId, ctx.clock.now());
  if (session.isExpired) throw new Refusal('SESSION_INVALID', 'the game session has expired');
  const { cashPaise } = await findPlayerBalances(ctx.db, call.playerId);
  return { isOk: true, balancePaise: cashPaise };
}
