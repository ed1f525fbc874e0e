/** The provider name of USDT (TRC20) deposits and payouts in orders, withdrawals and clearing accounts. */
export const USDT_PROVIDER = 'usdt-trc20';
