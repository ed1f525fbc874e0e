import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { refusal } from '../../platform/http/envelope.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../../platform/http/static-files.ts';
import { formatMoney } from '@mayur/rules/money';
import { findTodaysSettings } from '../agent/programme-settings.ts';
import { findBannerImage, findShowingBanners } from './manage-banners.ts';

// What players read of the banners operators upload (manage-banners.ts): the list home's carousel
// shows, and each image under a name that is its SHA-256, so any cache may keep it for good.

export function registerBannerRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/home/banners', async ({ input }) => {
    // The built-in invite slide's figures: the agent programme in effect today (this node's short cache).
    const programme = await findTodaysSettings(ctx);
    return {
      list: await findShowingBanners(ctx.db, ctx.clock.now(), input.lang ?? null),
      invite: { bonus: formatMoney(programme.inviteBonusPaise), threshold: formatMoney(programme.inviteBonusThresholdPaise) },
    };
  });

  // The type was read from the bytes at upload and is the only one sent; nothing a browser could run
  // (no sniffing, a sandboxing policy). A deleted banner's image is gone: 404.
  app.get<{ Params: { file: string } }>('/banners/:file', async (request, reply) => {
    const image = await findBannerImage(ctx.db, request.params.file);
    if (!image) return reply.code(404).send(refusal('NOT_FOUND'));
    return reply
      .header('content-type', image.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  });
}
