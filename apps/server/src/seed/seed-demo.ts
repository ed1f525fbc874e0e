import type { Db } from '../platform/db/db.ts';
import type { Logger } from 'pino';
import type { PasswordHasher } from '../modules/auth/passwords.ts';
import { openPlayerAccounts } from '../modules/wallet/accounts.ts';

// The demo content a newcomer sees on first start (documented in the README). Seeded once: a marker
// row in schema_migrations keeps a restart, or a second node, from seeding again.
export const DEMO_ACCOUNT = {
  mobile: '9000000001',
  email: 'demo@mayur.local',
  password: 'Demo@12345',
  nickName: 'Demo Player',
  promotionCode: 'MAYUR001',
} as const;

const DEMO_NOTICES = [
  {
    title: 'Welcome to Mayur',
    message:
      'Welcome to Mayur! Every result is provably fair: each round comes from a hash chain published before any bet. Play responsibly — 18+ only.',
    download_url: '/download/app.apk',
    main_url: '/',
    promotion_url: '/promotion',
  },
  {
    title: 'Invite friends',
    message: 'Invite a friend with your recommendation code: when their recharges reach ₹300 you receive a ₹158 bonus.',
    download_url: '/download/app.apk',
    main_url: '/',
    promotion_url: '/promotion',
  },
];

const SEED_MARKER = 'seed:demo';

export async function seedDemo(db: Db, hasher: PasswordHasher, log: Logger): Promise<boolean> {
  const passwordHash = await hasher.hash(DEMO_ACCOUNT.password);
  return db.transaction(async (tx) => {
    const marked = await tx.query(
      'insert into schema_migrations (version) values ($1) on conflict do nothing returning version',
      [SEED_MARKER],
    );
    if (marked.length === 0) return false;
    const demo = await tx.query<{ id: number }>(
      `insert into users (mobile, email, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
       values ($1, $2, $3, $4, $5, now(), now()) on conflict do nothing returning id`,
      [DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.email, passwordHash, DEMO_ACCOUNT.nickName, DEMO_ACCOUNT.promotionCode],
    );
    if (demo[0]) await openPlayerAccounts(tx, demo[0].id);
    // Older notices first, so the welcome notice is the newest and opens the dialog.
    for (const notice of [...DEMO_NOTICES].reverse()) {
      await tx.query(
        'insert into notices (title, message, download_url, main_url, promotion_url, created_at) values ($1, $2, $3, $4, $5, clock_timestamp())',
        [notice.title, notice.message, notice.download_url, notice.main_url, notice.promotion_url],
      );
    }
    log.info({ mobile: DEMO_ACCOUNT.mobile }, 'demo content seeded');
    return true;
  });
}
