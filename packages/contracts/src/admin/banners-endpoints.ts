import { zLocaleOrEvery, zOptionalInstant } from './operations-schemas.ts';
import { CONTENT_EDITORS, CONTENT_READERS, adminEndpoint } from './admin-endpoint.ts';
import { ROW_ID_PATTERN } from '@mayur/rules/field-rules';
import { z } from 'zod';
import { BANNER_MAX_BASE64_LENGTH, BANNER_TEXT_MAX_LENGTH, isBannerLink } from '@mayur/rules/banner-rules';
import { CONTENT_LOCALES } from '../content.ts';
import { ZAdminEmpty, ZAdminNull } from './schemas.ts';

// The home carousel's banners in the console (decision 0023 "Banners"), merged into
// adminEndpoints (endpoints.ts). Owner and support edit, the auditor reads; every change is one audit
// row with the banner before and after (never its bytes: the image is named by its SHA-256).

/** More banners than this would never be seen: the carousel advances every 40 s. */
export const BANNERS_MAX_COUNT = 50;

const invalid = { error: 'INVALID_FIELD' };
const zBannerId = z.string(invalid).regex(ROW_ID_PATTERN, invalid);

const zBannerFields = z.object({
  /** What the image says, read to screen readers: required, since the image is the whole banner. */
  alt: z.string(invalid).trim().min(1, invalid).max(BANNER_TEXT_MAX_LENGTH, invalid),
  /** Optional text shown over the image. */
  headline: z.string(invalid).trim().max(BANNER_TEXT_MAX_LENGTH, invalid).default(''),
  /** Empty, an https:// address, or a path of the player app such as /activity. */
  link: z
    .string(invalid)
    .trim()
    .refine((value) => value === '' || isBannerLink(value), { error: 'BANNER_LINK_INVALID' })
    .default(''),
  /** A locale of the player app, or null (or "*") for every language. */
  locale: zLocaleOrEvery.default(null),
  startsTime: zOptionalInstant.default(null),
  endsTime: zOptionalInstant.default(null),
  isEnabled: z.boolean(invalid).default(true),
});
const isDateRangeValid = (banner: { startsTime: string | null; endsTime: string | null }) =>
  !banner.startsTime || !banner.endsTime || Date.parse(banner.startsTime) < Date.parse(banner.endsTime);
const dateRangeIssue = { error: 'DATE_RANGE_INVALID', path: ['endsTime'] };

export const ZBannerCreateRequest = zBannerFields
  .extend({
    /** The file's name as the operator chose it, for the audit log only: it says nothing of what the file is. */
    fileName: z.string(invalid).trim().max(200, invalid).default(''),
    /** The image file in base64; its type and size are read from its bytes, whatever its name said. */
    imageBase64: z
      .string({ error: 'BANNER_TYPE_INVALID' })
      .max(BANNER_MAX_BASE64_LENGTH, { error: 'BANNER_TOO_LARGE' })
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'BANNER_TYPE_INVALID' }),
  })
  .refine(isDateRangeValid, dateRangeIssue);
export type TBannerCreateRequest = z.input<typeof ZBannerCreateRequest>;
export const ZBannerUpdateRequest = zBannerFields.extend({ id: zBannerId }).refine(isDateRangeValid, dateRangeIssue);
export type TBannerUpdateRequest = z.input<typeof ZBannerUpdateRequest>;
export const ZBannerIdRequest = z.object({ id: zBannerId });
/** Every banner's id in the new order: a list that is not exactly the banners stored is refused (BANNER_ORDER_STALE). */
export const ZBannerReorderRequest = z.object({
  ids: z.array(zBannerId, invalid).min(1, invalid).max(BANNERS_MAX_COUNT, invalid),
});

export const ZAdminBanner = z.object({
  id: z.string(),
  /** Served by the server to everyone (`/banners/<sha256>.<ext>`), so the console's preview is what players load. */
  imageUrl: z.string(),
  imageType: z.string(),
  imageSha256: z.string(),
  byteLength: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  headline: z.string(),
  link: z.string(),
  locale: z.enum(CONTENT_LOCALES).nullable(),
  /** 1 shows first. */
  position: z.number().int(),
  startsTime: z.string().nullable(),
  endsTime: z.string().nullable(),
  isEnabled: z.boolean(),
  /** Enabled and within its dates now: what players of its language see. */
  isShowing: z.boolean(),
  createTime: z.string(),
  updatedBy: z.string(),
  updateTime: z.string(),
});
export type TAdminBanner = z.infer<typeof ZAdminBanner>;
export const ZAdminBannersResponse = z.object({ list: z.array(ZAdminBanner) });

export const bannerEndpoints = {
  '/content/banners/list': adminEndpoint({
    request: ZAdminEmpty,
    response: ZAdminBannersResponse,
    access: CONTENT_READERS,
    audit: 'refusals',
    summary: 'The home carousel’s banners in their order, with whether each is showing now',
    tag: 'content',
  }),
  '/content/banners/create': adminEndpoint({
    request: ZBannerCreateRequest,
    response: ZAdminBanner,
    access: CONTENT_EDITORS,
    audit: 'change',
    summary:
      'Upload a banner (PNG, JPEG or WebP read from its bytes, at most 1 MiB, 5:2 to 4:1, at least 125 px high) at the end of the order',
    tag: 'content',
  }),
  '/content/banners/update': adminEndpoint({
    request: ZBannerUpdateRequest,
    response: ZAdminBanner,
    access: CONTENT_EDITORS,
    audit: 'change',
    summary: 'Change a banner’s texts, link, language, schedule or whether it is enabled (its image stays)',
    tag: 'content',
  }),
  '/content/banners/reorder': adminEndpoint({
    request: ZBannerReorderRequest,
    response: ZAdminBannersResponse,
    access: CONTENT_EDITORS,
    audit: 'change',
    summary: 'Put the banners in a new order (every banner’s id, first shown first)',
    tag: 'content',
  }),
  '/content/banners/delete': adminEndpoint({
    request: ZBannerIdRequest,
    response: ZAdminNull,
    access: CONTENT_EDITORS,
    audit: 'change',
    summary: 'Delete a banner and its image',
    tag: 'content',
  }),
};

// Re-exported for the console, which reads the contracts through @mayur/contracts/admin.
export {
  BANNER_MAX_BASE64_LENGTH,
  BANNER_MAX_BYTES,
  BANNER_MIN_HEIGHT_PX,
  checkBannerImage,
  isInAppBannerLink,
  type BannerImageProblem,
} from '@mayur/rules/banner-rules';
