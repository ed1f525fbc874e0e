import type { TUser } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import { findUserView } from './user-view.ts';

export async function changeNick(ctx: AppContext, userId: number, nickName: string): Promise<TUser> {
  await ctx.db.query('update users set nick_name = $2 where id = $1', [userId, nickName]);
  return findUserView(ctx.db, userId);
}
