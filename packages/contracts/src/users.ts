import { z } from 'zod';
import {
  zCode,
  zCheckbox,
  zEmail,
  zInvitationCode,
  zLoginPassword,
  zMobile,
  zMoneyText,
  zNickName,
  zPassword,
  zWithdrawPassword,
} from './fields.ts';
import { ZExclusion } from './protection.ts';

export const ZUser = z.object({
  id: z.number().int(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  nickName: z.string(),
  actualName: z.string().nullable(),
  balance: zMoneyText,
  bonus: zMoneyText,
  promotionCode: z.string(),
  level: z.number().int(),
  hasWithdrawPassword: z.boolean(),
  createTime: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * A new session. `exclusion` is the player's running time-out or self-exclusion (null: none), sent by
 * the log-ins so the app can say at once why bets, recharges and gifts are closed; absent on register.
 */
export const ZSession = z.object({ token: z.string(), user: ZUser, exclusion: ZExclusion.nullable().optional() });
export type TSession = z.infer<typeof ZSession>;

export const ZGetCodeRequest = z.object({ mobile: zMobile });
export const ZGetEmailCodeRequest = z.object({ email: zEmail });
export const ZGetCodeResponse = z.object({ resendAfterSec: z.number().int() });

const registrationFields = {
  password: zPassword,
  code: zCode,
  invitationCode: zInvitationCode,
  ageConfirmed: zCheckbox,
  riskAccepted: zCheckbox,
};
export const ZRegisterRequest = z.object({ mobile: zMobile, ...registrationFields });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;
export const ZEmailRegisterRequest = z.object({ email: zEmail, ...registrationFields });
export type TEmailRegisterRequest = z.input<typeof ZEmailRegisterRequest>;

export const ZRegisterSwitchResponse = z.object({
  registerOpen: z.boolean(),
  invitationCodeRequired: z.boolean(),
});

export const ZLoginRequest = z.object({ mobile: zMobile, password: zLoginPassword });
export const ZEmailLoginRequest = z.object({ email: zEmail, password: zLoginPassword });

export const ZResetPasswordRequest = z.object({ mobile: zMobile, code: zCode, password: zPassword });
export const ZResetPasswordEmailRequest = z.object({ email: zEmail, code: zCode, password: zPassword });

export const ZChangeWithdrawPasswordRequest = z.object({
  mobile: zMobile,
  code: zCode,
  withdrawPassword: zWithdrawPassword,
});
export const ZChangeWithdrawPasswordEmailRequest = z.object({
  email: zEmail,
  code: zCode,
  withdrawPassword: zWithdrawPassword,
});

export const ZChangeNickRequest = z.object({ nickName: zNickName });

export const ZThirdLoginRequest = z.object({
  token: z.string({ error: 'UNAUTHORIZED' }).trim().min(1, { error: 'UNAUTHORIZED' }).max(256, { error: 'UNAUTHORIZED' }),
});

export const ZBalance = z.object({ balance: zMoneyText, bonus: zMoneyText });

export const ZEmpty = z.object({});
export const ZNull = z.null();
