import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { SHOWING_NOTICE_CONDITION } from './manage-notices.ts';

type NoticeRow = {
  id: number;
  title: string;
  message: string;
  download_url: string;
  main_url: string;
  promotion_url: string;
  created_at: Date;
};

const NOTICE_URL_LIMIT = 10;

// What players read of the notices operators edit (manage-notices.ts): published, within their dates,
// for the app's language (`lang`) or for every language.

export function registerNoticeRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/user/findNotice', async ({ input }) => {
    const showing = [ctx.clock.now(), input.lang ?? null];
    const rows = await ctx.db.query<NoticeRow>(
      `select id, title, message, created_at from notices where ${SHOWING_NOTICE_CONDITION}
       order by created_at desc, id desc limit $3 offset $4`,
      [...showing, input.pageSize, (input.pageNum - 1) * input.pageSize],
    );
    const counted = await ctx.db.query<{ total: bigint }>(
      `select count(*) as total from notices where ${SHOWING_NOTICE_CONDITION}`,
      showing,
    );
    const total = Number(counted[0]?.total ?? 0n);
    return {
      list: rows.map((row) => ({ id: row.id, title: row.title, message: row.message, createTime: row.created_at.toISOString() })),
      total,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    };
  });

  registerEndpoint(app, ctx, '/user/getNoticeUrl', async ({ input }) => {
    const rows = await ctx.db.query<NoticeRow>(
      `select message, download_url, main_url, promotion_url from notices where ${SHOWING_NOTICE_CONDITION}
       order by created_at desc, id desc limit $3`,
      [ctx.clock.now(), input.lang ?? null, NOTICE_URL_LIMIT],
    );
    return rows.map((row) => ({
      message: row.message,
      download_url: row.download_url,
      main_url: row.main_url,
      promotion_url: row.promotion_url,
    }));
  });
}
