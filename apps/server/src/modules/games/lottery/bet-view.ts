import { formatMoney, type TLotteryBet } from '@mayur/contracts';
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
  status: 'pending' | 'won' | 'lost';
  win_paise: bigint;
  created_at: Date;
  result_number?: number | null;
  result_digits?: number[] | null;
};

export function toBetView(row: BetRow & { room: string; period: string }): TLotteryBet {
  const isResolved = row.status !== 'pending';
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
    status: row.status,
    winAmount: formatMoney(row.win_paise),
    result: isResolved ? toResultView(row.result_number ?? null, row.result_digits ?? null) : null,
    createTime: row.created_at.toISOString(),
  };
}
