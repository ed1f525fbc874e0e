import { isRowId } from '@mayur/rules/field-rules';
import { z } from 'zod';
import {
  COMPLAINT_REFERENCE_KINDS,
  COMPLAINT_STATUSES,
  COMPLAINT_TEXT_MAX_LENGTH,
  COMPLAINT_TYPES,
  SCREENSHOT_MAX_BASE64_LENGTH,
  SCREENSHOT_MAX_COUNT,
  SCREENSHOT_TYPES,
} from '@mayur/rules/complaint-rules';
import type { ErrorCode } from '@mayur/rules/errors';
import { zList, zMoneyText, zPageField } from './fields.ts';
import { zRequestKey } from './wallet.ts';

const err = (code: ErrorCode) => ({ error: code });

// Control characters other than line breaks and tabs never belong in a message (NUL cannot be stored).
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** What a player writes: required, trimmed, at most COMPLAINT_TEXT_MAX_LENGTH characters, line breaks allowed. */
export const zComplaintText = z
  .string(err('COMPLAINT_TEXT_REQUIRED'))
  .trim()
  .min(1, err('COMPLAINT_TEXT_REQUIRED'))
  .max(COMPLAINT_TEXT_MAX_LENGTH, err('COMPLAINT_TEXT_INVALID'))
  .refine((value) => !CONTROL_CHARACTERS.test(value), err('COMPLAINT_TEXT_INVALID'));

/** A complaint's id as the player's client holds it; anything else is a complaint that does not exist. */
const zComplaintId = z
  .union([z.string().trim().max(20), z.number()], err('COMPLAINT_NOT_FOUND'))
  .transform((value) => String(value))
  .refine(isRowId, err('COMPLAINT_NOT_FOUND'));

export const ZScreenshotUpload = z.object({
  /** The type the client read from the file; the server checks it against the bytes. */
  type: z.enum(SCREENSHOT_TYPES, err('SCREENSHOT_TYPE_INVALID')),
  /** The file, base64-encoded. */
  data: z
    .string(err('SCREENSHOT_TYPE_INVALID'))
    .max(SCREENSHOT_MAX_BASE64_LENGTH, err('SCREENSHOT_TOO_LARGE'))
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, err('SCREENSHOT_TYPE_INVALID')),
});

export const ZAddComplaintRequest = z
  .object({
    type: z.enum(COMPLAINT_TYPES, err('COMPLAINT_TYPE_INVALID')),
    text: zComplaintText,
    referenceKind: z.enum(COMPLAINT_REFERENCE_KINDS, err('COMPLAINT_REFERENCE_NOT_FOUND')).optional(),
    referenceId: z.string(err('COMPLAINT_REFERENCE_NOT_FOUND')).trim().max(40, err('COMPLAINT_REFERENCE_NOT_FOUND')).optional(),
    screenshots: z
      .array(ZScreenshotUpload, err('SCREENSHOT_TYPE_INVALID'))
      .max(SCREENSHOT_MAX_COUNT, err('SCREENSHOT_LIMIT'))
      .optional(),
    requestKey: zRequestKey,
  })
  .refine((value) => Boolean(value.referenceKind) === Boolean(value.referenceId), {
    ...err('COMPLAINT_REFERENCE_NOT_FOUND'),
    path: ['referenceId'],
  });
export type TAddComplaintRequest = z.infer<typeof ZAddComplaintRequest>;

export const ZComplaintIdRequest = z.object({ id: zComplaintId });
export const ZReplyComplaintRequest = z.object({ id: zComplaintId, text: zComplaintText });
export const ZFindComplaintsRequest = z.object({ pageNum: zPageField(1, 100_000), pageSize: zPageField(10, 50) });

export const ZComplaintAttachment = z.object({
  id: z.string(),
  type: z.enum(SCREENSHOT_TYPES),
  sizeBytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TComplaintAttachment = z.infer<typeof ZComplaintAttachment>;

export const ZComplaintMessage = z.object({
  id: z.string(),
  author: z.enum(['player', 'operator']),
  text: z.string(),
  createTime: z.string(),
  attachments: z.array(ZComplaintAttachment),
});
export type TComplaintMessage = z.infer<typeof ZComplaintMessage>;

export const ZComplaint = z.object({
  id: z.string(),
  /** Human-friendly: "C" + the Kolkata day it was filed + a sequence ("C20261124000042"). */
  number: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  status: z.enum(COMPLAINT_STATUSES),
  reference: z.object({ kind: z.enum(COMPLAINT_REFERENCE_KINDS), id: z.string() }).nullable(),
  /** True while an operator's answer (or closing) has not been read by the player. */
  hasUnreadAnswer: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
  messages: z.array(ZComplaintMessage),
});
export type TComplaint = z.infer<typeof ZComplaint>;

export const ZUnreadComplaints = z.object({ unreadCount: z.number().int() });
export const ZFindComplaintsResponse = zList(ZComplaint).extend({ unreadCount: z.number().int() });

/** One of the player's own records offered as a complaint's reference. */
export const ZComplaintRecord = z.object({
  kind: z.enum(COMPLAINT_REFERENCE_KINDS),
  id: z.string(),
  amount: zMoneyText,
  status: z.string(),
  /** Room, period and selection of a bet, or the method of a recharge: for recognising it, not translated. */
  detail: z.string(),
  createTime: z.string(),
});
export type TComplaintRecord = z.infer<typeof ZComplaintRecord>;
export const ZComplaintRecordsResponse = z.object({ list: z.array(ZComplaintRecord) });
