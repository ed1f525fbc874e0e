import type { EndpointDefinition } from './endpoints.ts';
import { ZBigWinsResponse } from './activity.ts';
import { ZHomeBannersRequest, ZHomeBannersResponse } from './banners.ts';
import { ZFindNoticeRequest, ZFindNoticeResponse, ZNoticeUrlRequest, ZNoticeUrlResponse } from './notices.ts';
import { ZSupportChannelsRequest, ZSupportChannelsResponse } from './support.ts';
import { ZEmpty } from './users.ts';

// Notices, banners, big wins and support channels: the player API's endpoints of this domain (see endpoints.ts).
export const contentEndpoints = {
  '/user/findNotice': {
    isAuthRequired: false,
    request: ZFindNoticeRequest,
    response: ZFindNoticeResponse,
    summary: 'Published notices, newest first',
    tag: 'notices',
  },
  '/user/getNoticeUrl': {
    isAuthRequired: false,
    request: ZNoticeUrlRequest,
    response: ZNoticeUrlResponse,
    summary: 'The notice dialog: first notice with its download, main-site and promotion links',
    tag: 'notices',
  },
  '/home/banners': {
    isAuthRequired: false,
    request: ZHomeBannersRequest,
    response: ZHomeBannersResponse,
    summary:
      "The home carousel's banners showing now for the app's language, in the operators' order (none: the app's own slides)",
    tag: 'notices',
  },
  '/home/bigWins': {
    isAuthRequired: false,
    request: ZEmpty,
    response: ZBigWinsResponse,
    summary: "Recent real big wins across the lottery and crash rooms for home's ticker (masked players, newest first)",
    tag: 'activity',
  },
  '/user/getSupportChannels': {
    isAuthRequired: false,
    request: ZSupportChannelsRequest,
    response: ZSupportChannelsResponse,
    summary: "The operator's contact channels (Telegram, WhatsApp, e-mail) that are set",
    tag: 'support',
  },
} as const satisfies Record<string, EndpointDefinition>;
