import type { Logger } from 'pino';
import type { PaymentsConfig } from '../payments-env.ts';
import type { Db } from '../../../platform/db/db.ts';
import type { InviteBonusSettings } from '../../agent/pay-invite-bonus.ts';
import type { TronClient } from '../usdt/tron-client.ts';
import { applyDepositEvent } from './deposit-events.ts';
import { USDT_PROVIDER } from '../usdt/usdt-provider.ts';

// The USDT watcher, one pass: for every open USDT order, ask the TRON node for transfers into its
// address and credit the order once a transfer of the whitelisted contract has enough confirmations.
// The node is not trusted: contract, recipient and type are checked here, and the transaction's
// block and success are looked up separately. A sighting is credited once (event id `trc20:<txid>`);
// later sightings of the same transfer find the id taken.

/** Orders are watched this long after they expire: late transfers still arrive and are still money. */
const WATCH_AFTER_EXPIRY_MS = 24 * 3_600_000;
const MAX_ORDERS_PER_PASS = 200;

type OpenOrder = { order_no: string; deposit_address: string };

export type WatchPassResult = { ordersChecked: number; credited: number; skipped: Record<string, number> };

export async function watchUsdtDeposits(
  db: Db,
  log: Logger,
  client: TronClient,
  config: PaymentsConfig['usdt'],
  nowMs: number,
  inviteBonus: InviteBonusSettings,
): Promise<WatchPassResult> {
  const result: WatchPassResult = { ordersChecked: 0, credited: 0, skipped: {} };
  const skip = (why: string) => (result.skipped[why] = (result.skipped[why] ?? 0) + 1);
  const orders = await db.query<OpenOrder>(
    `select order_no, deposit_address from deposit_orders
     where method = 'usdt' and status = 'pending' and expires_at > $1
     order by id limit $2`,
    [new Date(nowMs - WATCH_AFTER_EXPIRY_MS), MAX_ORDERS_PER_PASS],
  );
  if (orders.length === 0) return result;
  const nowBlock = await client.getNowBlockNumber();
  for (const order of orders) {
    result.ordersChecked += 1;
    const transfers = await client.listIncomingTrc20(order.deposit_address, config.contractAddress);
    for (const transfer of transfers) {
      if (transfer.contractAddress !== config.contractAddress) {
        skip('wrong_contract');
        log.warn(
          { orderNo: order.order_no, txid: transfer.txid, contract: transfer.contractAddress },
          'USDT watcher: transfer of another token ignored',
        );
        continue;
      }
      if (transfer.to !== order.deposit_address || (transfer.type !== undefined && transfer.type !== 'Transfer')) {
        skip('not_to_address');
        continue;
      }
      const [seen] = await db.query('select 1 from payment_events where provider = $1 and event_id = $2', [
        USDT_PROVIDER,
        `trc20:${transfer.txid}`,
      ]);
      if (seen) {
        skip('already_seen');
        continue;
      }
      const info = await client.getTransactionInfo(transfer.txid);
      if (!info || !info.isSuccess) {
        skip('not_successful');
        continue;
      }
      if (nowBlock - info.blockNumber < config.confirmations) {
        skip('too_few_confirmations');
        continue;
      }
      const outcome = await applyDepositEvent(
        db,
        log,
        inviteBonus,
        {
          provider: USDT_PROVIDER,
          eventId: `trc20:${transfer.txid}`,
          orderNo: order.order_no,
          status: 'paid',
          paid: { currency: 'USDT', amount: transfer.valueMicro },
          payload: { ...transfer, valueMicro: transfer.valueMicro.toString(), blockNumber: info.blockNumber, nowBlock },
        },
        new Date(nowMs),
      );
      if (outcome === 'credited') result.credited += 1;
      else skip(outcome);
    }
  }
  return result;
}

/** Closes orders nobody paid: bank/UPI orders after a day, USDT orders a day after they expire. */
export async function expireStaleOrders(db: Db, nowMs: number): Promise<number> {
  const rows = await db.query(
    `update deposit_orders set status = 'failed', completed_at = now(), note = coalesce(note, 'expired unpaid')
     where status = 'pending'
       and ((method = 'usdt' and expires_at < $1) or (method <> 'usdt' and created_at < $1))
     returning id`,
    [new Date(nowMs - WATCH_AFTER_EXPIRY_MS)],
  );
  return rows.length;
}
