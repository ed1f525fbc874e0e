import type { AppContext } from '../../../platform/context.ts';
import { startInterval } from '../../../platform/leader.ts';
import { inviteBonusSettings } from '../../agent/pay-invite-bonus.ts';
import { createTronClient } from '../usdt/tron-client.ts';
import { expireStaleOrders, watchUsdtDeposits } from './watch-usdt-deposits.ts';

/**
 * Runs on the clock leader only (one poller for the whole deployment): every poll interval, close
 * stale orders and, when a TRON node is configured, look for USDT deposits. Without a node, USDT
 * orders wait for an operator's `deposit:confirm`.
 */
export function startUsdtWatcher(ctx: AppContext): () => Promise<void> {
  const { usdt } = ctx.config.payments;
  const client = usdt.nodeUrl ? createTronClient({ baseUrl: usdt.nodeUrl, apiKey: usdt.nodeApiKey }) : null;
  const log = ctx.log.child({ component: 'usdt-watcher' });
  if (!client) log.info('no TRON_NODE_URL: USDT orders are confirmed by operators (deposit:confirm)');
  return startInterval(
    usdt.pollIntervalMs,
    async () => {
      const nowMs = ctx.clock.now().getTime();
      const expired = await expireStaleOrders(ctx.db, nowMs);
      if (expired > 0) log.info({ expired }, 'unpaid recharge orders closed');
      if (!client || !usdt.xpub) return;
      const pass = await watchUsdtDeposits(ctx.db, log, client, usdt, nowMs, inviteBonusSettings(ctx.config));
      if (pass.ordersChecked > 0) log.info(pass, 'USDT watcher pass');
    },
    log,
  );
}
