import type { Config } from '../../platform/config.ts';
import { APPROVAL_SETTING_DEFAULTS } from './approvals-env.ts';

// The numbers maker-checker runs by, from the settings (ADMIN_SECOND_APPROVAL_ABOVE_RUPEES,
// ADMIN_GIFT_BONUS_SINGLE_APPROVAL_RUPEES, ADMIN_APPROVER_COOLING_HOURS). A context built without
// them (a test, a tool) gets the settings' defaults, never no limit.

export type ApprovalRules = {
  /** Above this per item, and past this per day per approver and per player, a second approver is needed. */
  secondApprovalAbovePaise: bigint;
  /** A bonus gift code worth more than this in all (amount × uses) needs a second approver. */
  giftBonusSingleApprovalPaise: bigint;
  approverCoolingMs: number;
};

export const DEFAULT_APPROVAL_RULES: ApprovalRules = {
  secondApprovalAbovePaise: BigInt(APPROVAL_SETTING_DEFAULTS.secondApprovalAboveRupees) * 100n,
  giftBonusSingleApprovalPaise: BigInt(APPROVAL_SETTING_DEFAULTS.giftBonusSingleApprovalRupees) * 100n,
  approverCoolingMs: APPROVAL_SETTING_DEFAULTS.approverCoolingHours * 3_600_000,
};

/** Whether an amount is above what one approver may move alone, whatever is left of their day. */
export function isAboveSingleApproval(amountPaise: bigint, rules: Pick<ApprovalRules, 'secondApprovalAbovePaise'>): boolean {
  return amountPaise > rules.secondApprovalAbovePaise;
}

export function approvalRulesOf(admin: Config['admin']): ApprovalRules {
  return {
    secondApprovalAbovePaise: admin.secondApprovalAbovePaise,
    giftBonusSingleApprovalPaise: admin.giftBonusSingleApprovalPaise,
    approverCoolingMs: admin.approverCoolingMs,
  };
}
