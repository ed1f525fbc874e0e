import type { AppContext } from '../../platform/context.ts';
import type { ProviderSettings } from '../../platform/config.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { refuseProtectedBets } from '../protection/enforce-protection.ts';
import { findPlayerAccounts, findPlayerBalances } from '../wallet/accounts.ts';
import { postTransfer } from '../wallet/post-transfer.ts';
import { findSessionAndClaim } from './game-sessions.ts';
import { providerHouseAccountId, providerTransferKey } from './provider-accounts.ts';
import { assertSameTransaction, findProviderTransaction } from './provider-transactions.ts';
import { WalletRefusal, type DebitCall, type WalletAnswer } from './wallet-calls.ts';

/**
 * A bet: the player's cash → the provider's house account, once per studio transaction id. Refused
 * (nothing written) on an unknown, foreign or expired session, too little cash (with the balance), a
 * time-out, self-exclusion or loss limit (decision 0022, counted in the same transaction), or when the
 * studio already rolled this debit back. A replay answers the first result with today's balance.
 */
export async function applyDebit(ctx: AppContext, provider: ProviderSettings, call: DebitCall): Promise<WalletAnswer> {
  const now = ctx.clock.now();
  const houseAccountId = await providerHouseAccountId(ctx.db, provider.id, call.playerId);
  const transferKey = providerTransferKey(provider.id, 'debit', call.transactionId);
  try {
    return await ctx.db.transaction(async (tx) => {
      const { session, claimedId: claimed } = await findSessionAndClaim(tx, {
        providerId: provider.id,
        sessionToken: call.sessionToken,
        playerId: call.playerId,
        transactionId: call.transactionId,
        kind: 'debit',
        gameCode: call.gameCode,
        roundId: call.roundId,
        amountPaise: call.amountPaise,
        referenceTransactionId: null,
        transferKey,
        now,
      });
      if (claimed === null) {
        const stored = (await findProviderTransaction(tx, provider.id, call.transactionId))!;
        if (stored.state === 'never_received')
          throw new WalletRefusal('DEBIT_ROLLED_BACK', 'this debit was rolled back before it arrived');
        assertSameTransaction(stored, {
          kind: 'debit',
          userId: call.playerId,
          roundId: call.roundId,
          amountPaise: call.amountPaise,
        });
        const { cashPaise } = await findPlayerBalances(tx, call.playerId);
        return { isOk: true, balancePaise: cashPaise, walletTransactionId: stored.transfer_key, isReplay: true } as const;
      }
      // Only a new bet needs a live session: replays and the round's credit may come after it ended.
      if (session.isExpired) throw new WalletRefusal('SESSION_INVALID', 'the game session has expired');
      const [refusal] = await refuseProtectedBets(tx, now, [{ userId: call.playerId, stakePaise: call.amountPaise }]);
      if (refusal) throw refusal;
      const { cashAccountId } = await findPlayerAccounts(tx, call.playerId);
      const posted = await postTransfer(tx, {
        idempotencyKey: transferKey,
        debitAccountId: cashAccountId,
        creditAccountId: houseAccountId,
        amountPaise: call.amountPaise,
        reason: 'bet',
        reference: `${provider.id}:${call.gameCode}:${call.roundId}`,
      });
      return {
        isOk: true,
        balancePaise: posted.debitBalanceAfterPaise,
        walletTransactionId: transferKey,
        isReplay: false,
      } as const;
    });
  } catch (error) {
    if (error instanceof AppError) {
      const { cashPaise } = await findPlayerBalances(ctx.db, call.playerId);
      if (error.code === 'INSUFFICIENT_BALANCE')
        throw new WalletRefusal('INSUFFICIENT_BALANCE', 'the player has too little cash for this bet', cashPaise);
      if (error.code === 'PLAYER_SELF_EXCLUDED' || error.code === 'PLAYER_TIMED_OUT')
        throw new WalletRefusal('PLAYER_BLOCKED', 'the player is taking a break from gambling', cashPaise);
      if (error.code === 'LOSS_LIMIT_REACHED')
        throw new WalletRefusal('LIMIT_REACHED', "this bet would pass the player's loss limit", cashPaise);
    }
    throw error;
  }
}
