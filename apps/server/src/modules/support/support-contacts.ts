import {
  parseSupportEmailChannel,
  parseTelegramChannel,
  parseWhatsAppChannel,
  SUPPORT_CHANNEL_KINDS,
  type TSupportChannel,
  type TSupportChannelKind,
} from '@mayur/contracts';
import type { TContentLocale, TSupportContact } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';

// Support contacts operators set in the console (decision 0023, part B), per language ('*' in the
// table: every language). A player's language with contacts of its own gets those; else those for
// every language; else, when the console set none, the server's SUPPORT_* settings (routes.ts).
// Values are read by the same rules as the settings, so the app only ever opens t.me, wa.me or mailto.

const EVERY_LANGUAGE = '*';
const PARSERS: Record<TSupportChannelKind, (value: string) => TSupportChannel | null> = {
  telegram: parseTelegramChannel,
  whatsapp: parseWhatsAppChannel,
  email: parseSupportEmailChannel,
};

type ContactRow = {
  id: string;
  locale: string;
  kind: TSupportChannelKind;
  label: string;
  url: string;
  updated_by: string;
  updated_at: Date;
};

function view(row: ContactRow): TSupportContact {
  return {
    id: row.id,
    locale: row.locale === EVERY_LANGUAGE ? null : (row.locale as TContentLocale),
    kind: row.kind,
    label: row.label,
    url: row.url,
    updatedBy: row.updated_by,
    updateTime: row.updated_at.toISOString(),
  };
}

const byKind = (a: { kind: TSupportChannelKind }, b: { kind: TSupportChannelKind }) =>
  SUPPORT_CHANNEL_KINDS.indexOf(a.kind) - SUPPORT_CHANNEL_KINDS.indexOf(b.kind);

/** The channels set in the console for a player's language (or every language); null when none applies. */
export async function findSupportContacts(db: Queryable, lang: TContentLocale | undefined): Promise<TSupportChannel[] | null> {
  const rows = await db.query<ContactRow>(
    'select id::text as id, locale, kind, label, url, updated_by, updated_at from support_contacts where locale = any($1)',
    [lang ? [lang, EVERY_LANGUAGE] : [EVERY_LANGUAGE]],
  );
  const own = rows.filter((row) => row.locale !== EVERY_LANGUAGE);
  const chosen = own.length > 0 ? own : rows;
  if (chosen.length === 0) return null;
  return chosen.sort(byKind).map((row) => ({ kind: row.kind, label: row.label, url: row.url }) as TSupportChannel);
}

export async function listSupportContacts(db: Queryable): Promise<TSupportContact[]> {
  const rows = await db.query<ContactRow>(
    'select id::text as id, locale, kind, label, url, updated_by, updated_at from support_contacts order by locale, kind',
  );
  return rows.map(view);
}

/** Sets one language's contact of a kind (replacing the one there); answers it before (or null) and after. */
export async function saveSupportContact(
  db: Queryable,
  input: { locale: TContentLocale | null; kind: TSupportChannelKind; value: string },
  by: string,
  now: Date,
) {
  const channel = PARSERS[input.kind](input.value);
  if (!channel) throw new AppError('INVALID_FIELD', `not a ${input.kind} contact: ${input.value}`, { field: 'value' });
  const locale = input.locale ?? EVERY_LANGUAGE;
  const [previous] = await db.query<ContactRow>(
    'select id::text as id, locale, kind, label, url, updated_by, updated_at from support_contacts where locale = $1 and kind = $2',
    [locale, input.kind],
  );
  const [row] = await db.query<ContactRow>(
    `insert into support_contacts (locale, kind, label, url, updated_by, updated_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (locale, kind) do update set label = excluded.label, url = excluded.url,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at
     returning id::text as id, locale, kind, label, url, updated_by, updated_at`,
    [locale, input.kind, channel.label, channel.url, by, now],
  );
  return { before: previous ? view(previous) : null, after: view(row!) };
}

export async function removeSupportContact(db: Queryable, id: string) {
  const [row] = await db.query<ContactRow>(
    'delete from support_contacts where id = $1::bigint returning id::text as id, locale, kind, label, url, updated_by, updated_at',
    [id],
  );
  if (!row) throw new AppError('NOT_FOUND', `no support contact ${id}`);
  return view(row);
}
