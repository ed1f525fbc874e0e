import { z } from 'zod';
import { zContentLang } from './content.ts';
import { zMoneyText } from './fields.ts';

// The home carousel's banners as players read them (/home/banners): those an operator has enabled and
// scheduled for now, for the app's language or every language, in the operator's order. The image is
// served by the server at `imageUrl` (`/banners/<sha256>.<ext>`, cached for good: the name is the hash).

export const ZHomeBanner = z.object({
  id: z.string(),
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** An https:// address or a path of the app (banner-rules.ts `isBannerLink`); empty: the banner opens nothing. */
  link: z.string(),
  /** What the image says, for screen readers (its alt text). */
  alt: z.string(),
  /** Shown over the image when not empty. */
  headline: z.string(),
});
export type THomeBanner = z.infer<typeof ZHomeBanner>;

export const ZHomeBannersRequest = z.object({ lang: zContentLang });
export const ZHomeBannersResponse = z.object({
  list: z.array(ZHomeBanner),
  /** The invite bonus in effect today and the recharges it needs, for the app's built-in invite slide. */
  invite: z.object({ bonus: zMoneyText, threshold: zMoneyText }),
});
export type THomeBannersResponse = z.infer<typeof ZHomeBannersResponse>;
