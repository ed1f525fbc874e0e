import type { ComponentType } from 'react';
import type { IconProps } from '../../../shared/ui/icons.tsx';
import { DepositIcon, FairnessIcon, KeyIcon, PauseHandIcon, TeamIcon, TetherIcon, WithdrawalIcon } from '../support-icons.tsx';

// The help centre's topics and questions, in reading order. The words live in the `support` namespace
// under `support.topics.<topic>.title` and `support.topics.<topic>.<question>.q|a`; an answer may end
// with a link to the screen where the player does what it explains.

export type HelpTopic = {
  id: string;
  Icon: ComponentType<IconProps>;
  questions: readonly string[];
  /** The screen the topic's answers point to, with the key of its link text. */
  link?: { to: string; labelKey: string };
};

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'deposits',
    Icon: DepositIcon,
    questions: ['bankUpi', 'usdt', 'notCredited'],
    link: { to: '/recharge', labelKey: 'support.links.recharge' },
  },
  {
    id: 'withdrawals',
    Icon: WithdrawalIcon,
    questions: ['how', 'password', 'status', 'rejected'],
    link: { to: '/withdraw', labelKey: 'support.links.withdraw' },
  },
  {
    id: 'usdt',
    Icon: TetherIcon,
    questions: ['network', 'address', 'rate'],
    link: { to: '/rechargeemail', labelKey: 'support.links.usdtRecharge' },
  },
  {
    id: 'fairness',
    Icon: FairnessIcon,
    questions: ['promise', 'verifyLottery', 'verifyCrash'],
    link: { to: '/fairness', labelKey: 'support.links.fairness' },
  },
  {
    id: 'agent',
    Icon: TeamIcon,
    questions: ['join', 'bonus', 'commission'],
    link: { to: '/promotion', labelKey: 'support.links.promotion' },
  },
  {
    id: 'limits',
    Icon: PauseHandIcon,
    questions: ['tools', 'now', 'help'],
    link: { to: '/responsible-gaming', labelKey: 'support.links.responsibleGaming' },
  },
  {
    id: 'security',
    Icon: KeyIcon,
    questions: ['passwords', 'neverShare', 'forgot'],
    link: { to: '/resetps', labelKey: 'support.links.resetPassword' },
  },
];
