import { houseAccountId } from '../src/modules/wallet/accounts.ts';
import type { TransferInput } from '../src/modules/wallet/ledger.ts';
import { quickPlayer } from './players.ts';
import type { TestServer } from './test-server.ts';

/**
 * Two players with `cashPaise` each (their cash accounts `a` and `b`), the house's adjustments and fees
 * accounts, and `move`, an adjustment between any two of them under the key `nextKey` gives: the
 * parties of the ledger's load tests.
 */
export async function twoPlayersAndTheHouse(server: TestServer, cashPaise: bigint, nextKey: () => string) {
  const first = await quickPlayer(server, { cashPaise });
  const second = await quickPlayer(server, { cashPaise });
  const house = await houseAccountId(server.ctx.db, 'adjustments');
  const fees = await houseAccountId(server.ctx.db, 'fees');
  const move = (debitAccountId: number, creditAccountId: number, amountPaise: bigint): TransferInput => ({
    idempotencyKey: nextKey(),
    debitAccountId,
    creditAccountId,
    amountPaise,
    reason: 'adjustment',
  });
  return { first, second, a: first.cashAccountId, b: second.cashAccountId, house, fees, move };
}
