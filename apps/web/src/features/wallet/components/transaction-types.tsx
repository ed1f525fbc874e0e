import type { TTransactionType } from '@mayur/contracts';
import type { ComponentType } from 'react';
import { GiftIcon, Icon, SwapIcon, type IconProps } from '../../../shared/ui/icons.tsx';

export type TransactionKind = Exclude<TTransactionType, 'all'>;

const AdjustmentIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2" />
    <circle cx="9" cy="17" r="2" />
  </Icon>
);

const GameIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
    <circle cx="8.5" cy="8.5" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="15.5" cy="15.5" r="1.2" fill="currentColor" stroke="none" />
  </Icon>
);

const WalletInIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M16 4H6a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h12a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2H3" />
    <path d="M12 10v6M9.5 13.5 12 16l2.5-2.5" />
  </Icon>
);

const WalletOutIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M16 4H6a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h12a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2H3" />
    <path d="M12 16v-6M9.5 12.5 12 10l2.5 2.5" />
  </Icon>
);

const TeamIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8" />
    <path d="M18.5 14.3A6.5 6.5 0 0 1 21.5 20" />
  </Icon>
);

/** Each type of the transactions list with its icon; the order is the filter chips' order. */
export const TRANSACTION_KIND_ICONS = {
  gift: GiftIcon,
  bonus_exchange: SwapIcon,
  adjustment: AdjustmentIcon,
  game: GameIcon,
  recharge: WalletInIcon,
  withdraw: WalletOutIcon,
  commission: TeamIcon,
} as const satisfies Record<TransactionKind, ComponentType<IconProps>>;

export const TRANSACTION_FILTERS: readonly TTransactionType[] = [
  'all',
  ...(Object.keys(TRANSACTION_KIND_ICONS) as TransactionKind[]),
];

export function isTransactionKind(value: string): value is TransactionKind {
  return Object.hasOwn(TRANSACTION_KIND_ICONS, value);
}

export function isTransactionFilter(value: string | null): value is TTransactionType {
  return value === 'all' || (value !== null && isTransactionKind(value));
}
