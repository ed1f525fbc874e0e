import { z } from 'zod';
import { zContentLang } from './content.ts';
import { zList, zPaging } from './fields.ts';

export const ZNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  createTime: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;

/** `lang`: the app's language; notices written for it come with those for every language. */
export const ZFindNoticeRequest = zPaging.extend({ lang: zContentLang });
export const ZFindNoticeResponse = zList(ZNotice);

/** The spec's shape: an array whose first entry carries the three links of the notice dialog. */
export const ZNoticeUrl = z.object({
  message: z.string(),
  download_url: z.string(),
  main_url: z.string(),
  promotion_url: z.string(),
});
export const ZNoticeUrlRequest = z.object({ lang: zContentLang });
export const ZNoticeUrlResponse = z.array(ZNoticeUrl);
