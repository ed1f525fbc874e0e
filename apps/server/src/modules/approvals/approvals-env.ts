import { z } from 'zod';
import { rupees, wholeNumber } from '../../platform/env-fields.ts';

// The numbers maker-checker runs by (decision 0029). Their variables are named ADMIN_* because the back
// office is where operators meet them; config.admin carries them.

/** The settings' defaults, written once: approval-rules.ts gives them to a context built without settings. */
export const APPROVAL_SETTING_DEFAULTS = {
  secondApprovalAboveRupees: 10_000,
  giftBonusSingleApprovalRupees: 1_000,
  approverCoolingHours: 168,
} as const;

export type ApprovalSettings = {
  /**
   * A withdrawal or adjustment above this needs two different operators' approval (maker-checker), and
   * so does any further one once an operator's, or a player's, single approvals of the India-time day
   * add up to it.
   */
  secondApprovalAbovePaise: bigint;
  /** A bonus gift code whose total value (amount × uses) is above this needs a second approver; cash codes always do. */
  giftBonusSingleApprovalPaise: bigint;
  /** After an operator is created or reset, how long they and whoever made them (or a sibling) cannot approve each other. */
  approverCoolingMs: number;
};

export const approvalsEnv = z
  .object({
    ADMIN_SECOND_APPROVAL_ABOVE_RUPEES: rupees(APPROVAL_SETTING_DEFAULTS.secondApprovalAboveRupees),
    ADMIN_GIFT_BONUS_SINGLE_APPROVAL_RUPEES: rupees(APPROVAL_SETTING_DEFAULTS.giftBonusSingleApprovalRupees),
    ADMIN_APPROVER_COOLING_HOURS: wholeNumber(APPROVAL_SETTING_DEFAULTS.approverCoolingHours),
  })
  .transform((fields): ApprovalSettings => ({
    secondApprovalAbovePaise: fields.ADMIN_SECOND_APPROVAL_ABOVE_RUPEES,
    giftBonusSingleApprovalPaise: fields.ADMIN_GIFT_BONUS_SINGLE_APPROVAL_RUPEES,
    approverCoolingMs: fields.ADMIN_APPROVER_COOLING_HOURS * 3_600_000,
  }));
