import type { AppContext } from '../../platform/context.ts';
import type { ProviderSettings } from './providers-env.ts';
import type { Tx } from '../../platform/db/db.ts';
import { planEachRun } from '../../platform/db/plan-each-run.ts';
import type { AppError } from '../../platform/http/app-error.ts';
import { Refusal, type RefusalCode } from '../../platform/refusal.ts';
import { refuseProtectedBets } from '../protection/enforce-protection.ts';
import { findManyPlayerAccounts, findPlayerBalances } from '../wallet/accounts.ts';
import { isKeyRace, MAX_KEY_RACE_ATTEMPTS, postEach, type TransferInput } from '../wallet/ledger.ts';
import { findSessionsAndClaim, type GameSession } from './game-sessions.ts';
import { refuseCreditsOverCeilings } from './credit-ceilings.ts';
import { providerHouseAccountId, providerTransferKey } from './provider-accounts.ts';
import {
  assertSameTransaction,
  findProviderTransactions,
  lockOpenDebitRounds,
  roundKey,
  unclaimProviderTransactions,
} from './provider-transactions.ts';
import { isCallRefusal, type CreditCall, type DebitCall, type WalletAnswer } from './wallet-calls.ts';

// The studio's bets and wins, applied together (decision 0026, "Throughput"): a node gathers the
// debits and credits that arrive within a few milliseconds and applies them in one transaction, as
// decision 0015 does for crash bets, and answers each with its own result.
//
// A debit (bet) moves the player's cash to the provider's house account, once per studio transaction
// id. It is refused, with nothing kept, on an unknown, foreign, expired or ended session, a frozen
// player, too little cash (with the balance), a time-out, self-exclusion or loss limit (decision 0022,
// counted in the same transaction), or when the studio already rolled this debit back.
//
// A credit (win) moves the house's money back to the player's cash, once per transaction id. The
// published rule (docs/provider-wallet-api.md): a credit needs an accepted debit of the same player in
// the same round; without one it is refused with ROUND_NOT_FOUND and nothing is kept, so the studio
// may send it again once the debit went through. A credit of 0.00 closes a lost round and moves
// nothing. The session may have expired or been ended, the player may be frozen: a round is settled
// even after the player left. A credit beyond the provider's ceilings is refused (credit-ceilings.ts).
//
// A replay answers the first result with the player's balance now; a reused id with other content is
// TRANSACTION_CONFLICT.

export type MoneyCall = DebitCall | CreditCall;

/** One call's result in a batch: its answer, its refusal, or the error that failed its transaction. */
export type MoneyOutcome = { answer: WalletAnswer } | { refusal: Refusal } | { error: unknown };

/**
 * Applies a batch of calls of one provider and answers each on its own: one refusal never fails the
 * others. Calls that must see another call of the batch committed first — a repeat of a transaction
 * id (answered as the replay it is), or a second call of one player's round (a credit is judged
 * against the debits before it) — go in a later transaction of the same batch, in arrival order, so
 * every call is decided as if the batch had arrived one call at a time.
 */
export async function applyMoneyBatch(
  ctx: AppContext,
  provider: ProviderSettings,
  calls: readonly MoneyCall[],
): Promise<MoneyOutcome[]> {
  const outcomes = new Array<MoneyOutcome>(calls.length);
  for (const positions of splitIntoPasses(calls)) {
    try {
      const passOutcomes = await applyInOneTransaction(
        ctx,
        provider,
        positions.map((position) => calls[position]!),
      );
      positions.forEach((position, index) => (outcomes[position] = passOutcomes[index]!));
    } catch (error) {
      // Nothing of this transaction was committed; the calls of earlier ones keep their results.
      for (const position of positions) outcomes[position] = { error };
    }
  }
  return outcomes;
}

/**
 * The batch's calls as passes, each one transaction, run one after another: a call goes in the pass
 * after the last earlier call with its transaction id or its player's round, else in the first.
 */
export function splitIntoPasses(calls: readonly MoneyCall[]): number[][] {
  const lastById = new Map<string, number>();
  const lastByRound = new Map<string, number>();
  const passes: number[][] = [];
  calls.forEach((call, position) => {
    const byRound = roundKey(call.playerId, call.roundId);
    const pass = Math.max(lastById.get(call.transactionId) ?? -1, lastByRound.get(byRound) ?? -1) + 1;
    (passes[pass] ??= []).push(position);
    lastById.set(call.transactionId, pass);
    lastByRound.set(byRound, pass);
  });
  return passes;
}

async function applyInOneTransaction(
  ctx: AppContext,
  provider: ProviderSettings,
  calls: readonly MoneyCall[],
): Promise<MoneyOutcome[]> {
  const now = ctx.clock.now();
  // Each process creates a house shard once and then remembers its id: no query after the first call.
  const houseAccountIds = await Promise.all(calls.map((call) => providerHouseAccountId(ctx.db, provider.id, call.playerId)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction((tx) => decideAndPost(tx, provider, calls, houseAccountIds, now));
    } catch (error) {
      // A ledger key committed under the batch by another node: decided again from the start.
      if (!isKeyRace(error) || attempt >= MAX_KEY_RACE_ATTEMPTS) throw error;
    }
  }
}

/** A call that claimed its transaction id in this transaction and is still to be decided. */
type Claimed = { position: number; call: MoneyCall; claimedId: bigint; session: GameSession };

/** What a call is heading for before the last read gives balances to the answers that need one. */
type Pending =
  | { kind: 'answer'; answer: WalletAnswer }
  | { kind: 'answer-with-balance'; walletTransactionId: string | null; isReplay: boolean }
  | { kind: 'refusal'; code: RefusalCode; message: string; isWithBalance: boolean };

const refusal = (code: RefusalCode, message: string, isWithBalance = false): Pending => ({
  kind: 'refusal',
  code,
  message,
  isWithBalance,
});

/**
 * The batch's transaction, a fixed number of statements whatever its size: plan each run (one), claim
 * every transaction id with its session (one), lock the credited rounds' debits (one), the credit
 * ceilings (two, when something is credited), the debits' player protection (one, two with loss
 * limits), the ledger batch (two); then, only when needed, take back the claims of refused calls, read
 * replays and read balances. Locks are taken in the order every wallet call takes them: transaction
 * ids, debit rows, players' credit days, protection rows, ledger accounts.
 */
async function decideAndPost(
  tx: Tx,
  provider: ProviderSettings,
  calls: readonly MoneyCall[],
  houseAccountIds: readonly number[],
  now: Date,
): Promise<MoneyOutcome[]> {
  // Planned for the tables as they are at each run: a generic plan cached while provider_transactions
  // was small (decision 0028) probed the provider's day index for every credited round, a scan of all
  // its rows that grew with every call.
  await planEachRun(tx);
  const pending = new Array<Pending>(calls.length);
  const unclaimed: bigint[] = [];
  const refuseClaimed: RefuseClaimed = (claimed, why) => {
    unclaimed.push(claimed.claimedId);
    pending[claimed.position] = why;
  };
  const claims = await findSessionsAndClaim(tx, provider.id, calls.map(claimOf(provider)), now);
  const replays: number[] = [];
  const debits: Claimed[] = [];
  const credits: Claimed[] = [];
  claims.forEach((claim, position) => {
    const call = calls[position]!;
    if ('refusal' in claim) pending[position] = refusal(claim.refusal.code, claim.refusal.message);
    else if (claim.claimedId === null) replays.push(position);
    else
      (call.action === 'debit' ? debits : credits).push({ position, call, claimedId: claim.claimedId, session: claim.session });
  });

  // Credits first in the lock order (the debits of their rounds, then the players' credit days).
  const payable = await findPayableCredits(tx, provider, credits, refuseClaimed, now);
  const allowed = await findAllowedDebits(tx, debits, refuseClaimed, now);

  for (const credit of payable)
    if (credit.call.amountPaise === 0n)
      pending[credit.position] = { kind: 'answer-with-balance', walletTransactionId: null, isReplay: false };
  // The moves in arrival order, so each debit is judged against the balance the earlier calls left.
  const transfers = [...allowed, ...payable.filter(({ call }) => call.amountPaise > 0n)].sort((a, b) => a.position - b.position);
  // Account ids are remembered by the process once committed (decision 0017): no query after the first.
  const accounts = await findManyPlayerAccounts(
    tx,
    transfers.map(({ call }) => call.playerId),
  );
  const inputs = transfers.map((move) =>
    transferOf(provider, move, accounts.get(move.call.playerId)!.cashAccountId, houseAccountIds[move.position]!),
  );
  const posted = await postEach(tx, inputs, { isWholeTransaction: true });
  posted.forEach((outcome, index) => {
    const move = transfers[index]!;
    const input = inputs[index]!;
    if (outcome.isPosted) {
      const isDebit = move.call.action === 'debit';
      const balancePaise = isDebit ? outcome.transfer.debitBalanceAfterPaise : outcome.transfer.creditBalanceAfterPaise;
      pending[move.position] = {
        kind: 'answer',
        answer: { isOk: true, balancePaise, walletTransactionId: input.idempotencyKey, isReplay: false },
      };
    } else if (move.call.action === 'debit' && outcome.code === 'INSUFFICIENT_BALANCE') {
      refuseClaimed(move, refusal('INSUFFICIENT_BALANCE', 'the player has too little cash for this bet', true));
    } else {
      // The transaction id's claim is what makes the ledger key new: anything else is a broken invariant.
      throw new Error(`provider transfer ${input.idempotencyKey} refused: ${outcome.code}`);
    }
  });
  await unclaimProviderTransactions(tx, unclaimed);

  const stored = await findProviderTransactions(
    tx,
    provider.id,
    replays.map((position) => calls[position]!.transactionId),
  );
  for (const position of replays) pending[position] = replayOf(calls[position]!, stored);
  return answer(tx, calls, pending);
}

type RefuseClaimed = (claimed: Claimed, why: Pending) => void;

/**
 * The credits that may be paid: those of a round with an accepted debit of the player (whose debits
 * this locks), within the provider's ceilings (which locks the players' credit days).
 */
async function findPayableCredits(
  tx: Tx,
  provider: ProviderSettings,
  credits: readonly Claimed[],
  refuseClaimed: RefuseClaimed,
  now: Date,
): Promise<Claimed[]> {
  const openRounds = await lockOpenDebitRounds(
    tx,
    provider.id,
    credits.map(({ call }) => ({ userId: call.playerId, roundId: call.roundId })),
  );
  const inOpenRounds = credits.filter((credit) => {
    if (openRounds.has(roundKey(credit.call.playerId, credit.call.roundId))) return true;
    refuseClaimed(credit, refusal('ROUND_NOT_FOUND', 'no accepted debit of this player in this round'));
    return false;
  });
  const overCeilings = await refuseCreditsOverCeilings(
    tx,
    provider,
    inOpenRounds.map(({ call, claimedId }) => ({
      userId: call.playerId,
      roundId: call.roundId,
      amountPaise: call.amountPaise,
      claimedId,
    })),
    now,
  );
  return inOpenRounds.filter((credit, index) => {
    const why = overCeilings[index];
    if (!why) return true;
    refuseClaimed(credit, refusal('CREDIT_CEILING_REACHED', why, true));
    return false;
  });
}

/**
 * The debits that may be tried against the balance: of a live session of a player who is not frozen
 * (replays, and the credits and rollbacks of rounds already bet, are accepted after the session ended
 * or the player was frozen), and within the player's protection (which locks its rows).
 */
async function findAllowedDebits(
  tx: Tx,
  debits: readonly Claimed[],
  refuseClaimed: RefuseClaimed,
  now: Date,
): Promise<Claimed[]> {
  const live = debits.filter((debit) => {
    if (debit.session.isFrozen) refuseClaimed(debit, refusal('PLAYER_FROZEN', 'the operator froze this account', true));
    else if (debit.session.isExpired) refuseClaimed(debit, refusal('SESSION_INVALID', 'the game session has expired'));
    else return true;
    return false;
  });
  const protection = await refuseProtectedBets(
    tx,
    now,
    live.map(({ call }) => ({ userId: call.playerId, stakePaise: call.amountPaise })),
  );
  return live.filter((debit, index) => {
    const refused = protection[index];
    if (!refused) return true;
    refuseClaimed(debit, protectionRefusal(refused));
    return false;
  });
}

function claimOf(provider: ProviderSettings) {
  return (call: MoneyCall) => ({
    sessionToken: call.sessionToken,
    playerId: call.playerId,
    transactionId: call.transactionId,
    kind: call.action,
    gameCode: call.action === 'debit' ? call.gameCode : null,
    roundId: call.roundId,
    amountPaise: call.amountPaise,
    referenceTransactionId: null,
    transferKey: call.amountPaise > 0n ? providerTransferKey(provider.id, call.action, call.transactionId) : null,
  });
}

function transferOf(provider: ProviderSettings, move: Claimed, cashAccountId: number, houseAccountId: number): TransferInput {
  const { call } = move;
  const idempotencyKey = providerTransferKey(provider.id, call.action, call.transactionId);
  if (call.action === 'debit')
    return {
      idempotencyKey,
      debitAccountId: cashAccountId,
      creditAccountId: houseAccountId,
      amountPaise: call.amountPaise,
      reason: 'bet',
      reference: `${provider.id}:${call.gameCode}:${call.roundId}`,
    };
  return {
    idempotencyKey,
    debitAccountId: houseAccountId,
    creditAccountId: cashAccountId,
    amountPaise: call.amountPaise,
    reason: 'payout',
    reference: `${provider.id}:${move.session.gameCode}:${call.roundId}`,
  };
}

function protectionRefusal(error: AppError): Pending {
  if (error.code === 'PLAYER_SELF_EXCLUDED' || error.code === 'PLAYER_TIMED_OUT')
    return refusal('PLAYER_BLOCKED', 'the player is taking a break from gambling', true);
  if (error.code === 'LOSS_LIMIT_REACHED') return refusal('LIMIT_REACHED', "this bet would pass the player's loss limit", true);
  throw error;
}

/** A transaction id claimed before: the first result, or why this call is not its replay. */
function replayOf(call: MoneyCall, stored: ReadonlyMap<string, Parameters<typeof assertSameTransaction>[0]>): Pending {
  const row = stored.get(call.transactionId);
  if (!row) throw new Error(`provider transaction ${call.transactionId} was claimed but cannot be read`);
  if (call.action === 'debit' && row.state === 'never_received')
    return refusal('DEBIT_ROLLED_BACK', 'this debit was rolled back before it arrived');
  try {
    assertSameTransaction(row, {
      kind: call.action,
      userId: call.playerId,
      roundId: call.roundId,
      amountPaise: call.amountPaise,
    });
  } catch (error) {
    if (isCallRefusal(error)) return refusal(error.code, error.message);
    throw error;
  }
  return { kind: 'answer-with-balance', walletTransactionId: row.transfer_key, isReplay: true };
}

/** The answers, reading the balances of those that carry one and were not posted here (rare: replays, refusals). */
async function answer(tx: Tx, calls: readonly MoneyCall[], pending: readonly Pending[]): Promise<MoneyOutcome[]> {
  const needsBalance = (p: Pending) => p.kind === 'answer-with-balance' || (p.kind === 'refusal' && p.isWithBalance);
  const cash = new Map<number, bigint>();
  for (const [position, p] of pending.entries()) {
    const { playerId } = calls[position]!;
    if (needsBalance(p) && !cash.has(playerId)) cash.set(playerId, (await findPlayerBalances(tx, playerId)).cashPaise);
  }
  return pending.map((p, position): MoneyOutcome => {
    const balancePaise = cash.get(calls[position]!.playerId);
    if (p.kind === 'answer') return { answer: p.answer };
    if (p.kind === 'answer-with-balance')
      return {
        answer: { isOk: true, balancePaise: balancePaise!, walletTransactionId: p.walletTransactionId, isReplay: p.isReplay },
      };
    return {
      refusal: new Refusal(p.code, p.message, { balancePaise: p.isWithBalance ? balancePaise : undefined }),
    };
  });
}
