import type { AppContext } from '../../platform/context.ts';
import type { ProviderSettings } from '../../platform/config.ts';
import { findPlayerAccounts, findPlayerBalances } from '../wallet/accounts.ts';
import { postTransfer } from '../wallet/post-transfer.ts';
import { findSessionAndClaim } from './game-sessions.ts';
import { providerHouseAccountId, providerTransferKey } from './provider-accounts.ts';
import { assertSameTransaction, findProviderTransaction } from './provider-transactions.ts';
import { WalletRefusal, type CreditCall, type WalletAnswer } from './wallet-calls.ts';

/**
 * A win: the provider's house account → the player's cash, once per studio transaction id. The
 * published rule (docs/provider-wallet-api.md): a credit needs an accepted debit of the same player
 * in the same round; without one it is refused with ROUND_NOT_FOUND and nothing is kept, so the
 * studio may send it again once the debit went through. A credit of 0.00 closes a lost round and
 * moves nothing. The session may have expired: a round is settled even after the player left.
 */
export async function applyCredit(ctx: AppContext, provider: ProviderSettings, call: CreditCall): Promise<WalletAnswer> {
  const now = ctx.clock.now();
  const houseAccountId = await providerHouseAccountId(ctx.db, provider.id, call.playerId);
  const transferKey = call.amountPaise > 0n ? providerTransferKey(provider.id, 'credit', call.transactionId) : null;
  return ctx.db.transaction(async (tx) => {
    const { session, claimedId: claimed } = await findSessionAndClaim(tx, {
      providerId: provider.id,
      sessionToken: call.sessionToken,
      playerId: call.playerId,
      transactionId: call.transactionId,
      kind: 'credit',
      gameCode: null,
      roundId: call.roundId,
      amountPaise: call.amountPaise,
      referenceTransactionId: null,
      transferKey,
      now,
    });
    if (claimed === null) {
      const stored = (await findProviderTransaction(tx, provider.id, call.transactionId))!;
      assertSameTransaction(stored, {
        kind: 'credit',
        userId: call.playerId,
        roundId: call.roundId,
        amountPaise: call.amountPaise,
      });
      const { cashPaise } = await findPlayerBalances(tx, call.playerId);
      return { isOk: true, balancePaise: cashPaise, walletTransactionId: stored.transfer_key, isReplay: true } as const;
    }
    // The round's open debits are locked, so a rollback of one of them waits for this credit (and is
    // then refused), or this credit waits for the rollback (and then finds no open debit).
    const debits = await tx.query<{ id: bigint }>(
      `select id from provider_transactions
       where provider_id = $1 and round_id = $2 and user_id = $3 and kind = 'debit' and state = 'accepted'
       order by id for update`,
      [provider.id, call.roundId, call.playerId],
    );
    if (debits.length === 0) throw new WalletRefusal('ROUND_NOT_FOUND', 'no accepted debit of this player in this round');
    if (transferKey === null) {
      const { cashPaise } = await findPlayerBalances(tx, call.playerId);
      return { isOk: true, balancePaise: cashPaise, walletTransactionId: null, isReplay: false } as const;
    }
    const { cashAccountId } = await findPlayerAccounts(tx, call.playerId);
    const posted = await postTransfer(tx, {
      idempotencyKey: transferKey,
      debitAccountId: houseAccountId,
      creditAccountId: cashAccountId,
      amountPaise: call.amountPaise,
      reason: 'payout',
      reference: `${provider.id}:${session.gameCode}:${call.roundId}`,
    });
    return {
      isOk: true,
      balancePaise: posted.creditBalanceAfterPaise,
      walletTransactionId: transferKey,
      isReplay: false,
    } as const;
  });
}
