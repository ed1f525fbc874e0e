import { type TLotteryBet } from '@mayur/contracts';
import { bitgamePayoutPaise, wingoPayoutPaise, type WingoSelection, type BitgameSelection } from '@mayur/rules/lottery-rooms';
import { bitgameSum } from '@mayur/rules/lottery-rules';
import { formatMoney } from '@mayur/rules/money';
import { toResultView } from './round-result.ts';

export type BetRow = {
  id: bigint;
  room?: string;
  period?: string;
  selection: string;
  contract_money_paise: bigint;
  contract_count: number;
  stake_paise: bigint;
  fee_paise: bigint;
  delivery_paise: bigint;
  created_at: Date;
  round_state: string;
  result_number: number | null;
  result_digits: number[] | null;
};

/** What a bet won, from its round's result and the rules; null while the round is not settled. */
export function betWinPaise(row: BetRow): bigint | null {
  if (row.round_state !== 'settled') return null;
  if (row.result_digits)
    return bitgamePayoutPaise(row.selection as BitgameSelection, bitgameSum(row.result_digits), row.delivery_paise);
  return wingoPayoutPaise(row.selection as WingoSelection, row.result_number!, row.delivery_paise);
}

export function toBetView(row: BetRow & { room: string; period: string }): TLotteryBet {
  const winPaise = betWinPaise(row);
  return {
    id: String(row.id),
    room: row.room,
    period: row.period,
    select: row.selection,
    contractMoney: formatMoney(row.contract_money_paise),
    contractCount: row.contract_count,
    amount: formatMoney(row.stake_paise),
    fee: formatMoney(row.fee_paise),
    delivery: formatMoney(row.delivery_paise),
    status: winPaise === null ? 'pending' : winPaise > 0n ? 'won' : 'lost',
    winAmount: formatMoney(winPaise ?? 0n),
    result: winPaise === null ? null : toResultView(row.result_number, row.result_digits),
    createTime: row.created_at.toISOString(),
  };
}
