import type { AppContext } from '../../platform/context.ts';
import type { ProviderSettings } from './providers-env.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { Refusal } from '../../platform/refusal.ts';
import { findPlayerAccounts, findPlayerBalances } from '../wallet/accounts.ts';
import { postGroup } from '../wallet/ledger.ts';
import { findSessionAndClaim } from './game-sessions.ts';
import { providerHouseAccountId, providerTransferKey } from './provider-accounts.ts';
import {
  assertSameTransaction,
  claimProviderTransaction,
  findProviderTransaction,
  type ProviderTransactionRow,
} from './provider-transactions.ts';
import type { RollbackCall, WalletAnswer } from './wallet-calls.ts';

async function markRollback(tx: Queryable, rollbackId: bigint, state: 'unknown_reference' | 'no_effect'): Promise<void> {
  await tx.query('update provider_transactions set state = $2, transfer_key = null where id = $1', [rollbackId, state]);
}

/**
 * Cancels a debit: its amount goes back from the provider's house account to the player's cash, once.
 * The published rules (docs/provider-wallet-api.md):
 * - a rollback of a debit we never received is accepted once and moves nothing; that debit's id is
 *   then taken, so if it arrives late it is refused with DEBIT_ROLLED_BACK (no bet without its cancel);
 * - a rollback of a debit whose round was already credited is refused with ROUND_SETTLED: the win
 *   stands and the bet with it (a studio corrects a paid round with a new credit, never by cancelling);
 * - a second rollback (another id) of a debit already rolled back is accepted and moves nothing.
 */
export async function applyRollback(ctx: AppContext, provider: ProviderSettings, call: RollbackCall): Promise<WalletAnswer> {
  const now = ctx.clock.now();
  const houseAccountId = await providerHouseAccountId(ctx.db, provider.id, call.playerId);
  const transferKey = providerTransferKey(provider.id, 'rollback', call.transactionId);
  return ctx.db.transaction(async (tx) => {
    const { session, claimedId: claimed } = await findSessionAndClaim(
      tx,
      provider.id,
      {
        sessionToken: call.sessionToken,
        playerId: call.playerId,
        transactionId: call.transactionId,
        kind: 'rollback',
        gameCode: null,
        roundId: call.roundId,
        amountPaise: 0n,
        referenceTransactionId: call.referenceTransactionId,
        transferKey,
      },
      now,
    );
    const balance = async () => (await findPlayerBalances(tx, call.playerId)).cashPaise;
    if (claimed === null) {
      const stored = (await findProviderTransaction(tx, provider.id, call.transactionId))!;
      assertSameTransaction(stored, {
        kind: 'rollback',
        userId: call.playerId,
        roundId: call.roundId,
        amountPaise: null,
        referenceTransactionId: call.referenceTransactionId,
      });
      return { isOk: true, balancePaise: await balance(), walletTransactionId: stored.transfer_key, isReplay: true } as const;
    }
    let debit: ProviderTransactionRow | null = await findProviderTransaction(tx, provider.id, call.referenceTransactionId, true);
    if (!debit) {
      // Claim the debit's id in its place; a debit being written at this very moment makes this wait
      // for its commit, and then it is rolled back like any other.
      const placeholder = await claimProviderTransaction(tx, {
        providerId: provider.id,
        transactionId: call.referenceTransactionId,
        kind: 'debit',
        userId: call.playerId,
        sessionId: session.id,
        gameCode: session.gameCode,
        roundId: call.roundId,
        amountPaise: 0n,
        referenceTransactionId: null,
        transferKey: null,
        state: 'never_received',
        now,
      });
      if (placeholder !== null) {
        await markRollback(tx, claimed, 'unknown_reference');
        return { isOk: true, balancePaise: await balance(), walletTransactionId: null, isReplay: false } as const;
      }
      debit = (await findProviderTransaction(tx, provider.id, call.referenceTransactionId, true))!;
    }
    if (debit.kind !== 'debit') throw new Refusal('TRANSACTION_CONFLICT', 'the reference is not a debit');
    if (debit.user_id !== call.playerId) throw new Refusal('PLAYER_MISMATCH', 'the debit belongs to another player');
    if (debit.round_id !== call.roundId) throw new Refusal('TRANSACTION_CONFLICT', 'the debit belongs to another round');
    if (debit.state !== 'accepted') {
      await markRollback(tx, claimed, 'no_effect');
      // Reported like the studio reports it: the amount of the debit it names.
      await tx.query('update provider_transactions set amount_paise = $2 where id = $1', [claimed, debit.amount_paise]);
      return { isOk: true, balancePaise: await balance(), walletTransactionId: null, isReplay: false } as const;
    }
    const [credit] = await tx.query<{ id: bigint }>(
      `select id from provider_transactions
       where provider_id = $1 and round_id = $2 and user_id = $3 and kind = 'credit' limit 1`,
      [provider.id, call.roundId, call.playerId],
    );
    if (credit) throw new Refusal('ROUND_SETTLED', 'the round was already credited: its debits stand');
    await tx.query(`update provider_transactions set state = 'rolled_back' where id = $1`, [debit.id]);
    await tx.query('update provider_transactions set amount_paise = $2 where id = $1', [claimed, debit.amount_paise]);
    const { cashAccountId } = await findPlayerAccounts(tx, call.playerId);
    const [posted] = await postGroup(tx, [
      {
        idempotencyKey: transferKey,
        debitAccountId: houseAccountId,
        creditAccountId: cashAccountId,
        amountPaise: debit.amount_paise,
        reason: 'refund',
        reference: `${provider.id}:${session.gameCode}:${call.roundId}`,
      },
    ]);
    return {
      isOk: true,
      balancePaise: posted.creditBalanceAfterPaise,
      walletTransactionId: transferKey,
      isReplay: false,
    } as const;
  });
}
