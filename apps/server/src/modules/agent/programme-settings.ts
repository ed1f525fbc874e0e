import type { AgentProgrammeInput } from '@mayur/rules/agent-programme-rules';
import type { Config } from '../../platform/config.ts';
import type { AgentLevelThreshold } from './agent-env.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { shiftDay, kolkataDay } from '@mayur/rules/kolkata-day';
import { formatMoney } from '@mayur/rules/money';

// The agent programme's settings (decisions 0012–0014, 0023): levels with their thresholds, the daily
// commission rates per level and depth, and the invite bonus. They live in versions
// (`agent_programme_settings`, migration 0026), each from a business day (India time) on; a change saved
// on day D applies from D + 1, so a running day is paid, levelled and bonused under one set. Until the
// first change the server's settings run; the first change stores them as the first version.

export type ProgrammeSettings = {
  /** One row of six basis points per level, L0 first. */
  commissionRatesBp: number[][];
  /** One per level above L0. */
  levelThresholds: AgentLevelThreshold[];
  inviteBonusPaise: bigint;
  inviteBonusThresholdPaise: bigint;
};

export type ProgrammeVersion = ProgrammeSettings & {
  /** Null for the server's settings, before any change was stored. */
  id: string | null;
  /** The first business day it applies to; null for the server's settings. */
  effectiveFrom: string | null;
  changedBy: string;
  changedAt: Date | null;
};

/** The first version's day when the server's settings are stored with the first change. */
const SETTINGS_DAY = '1970-01-01';
/** Serialises changes, so two first changes store the server's settings once. */
const CHANGE_LOCK_KEY = 7_215_026;
/** How long a node keeps today's settings for the player screens (see `findTodaysSettings`). */
export const SETTINGS_CACHE_MS = 60_000;

export function settingsFromConfig(config: Pick<Config, 'agent'>): ProgrammeVersion {
  const { commissionRatesBp, levelThresholds, inviteBonusPaise, inviteBonusThresholdPaise } = config.agent;
  return {
    id: null,
    effectiveFrom: null,
    changedBy: 'settings',
    changedAt: null,
    commissionRatesBp: commissionRatesBp.map((row) => [...row]),
    levelThresholds: levelThresholds.map((threshold) => ({ ...threshold })),
    inviteBonusPaise,
    inviteBonusThresholdPaise,
  };
}

type VersionRow = {
  id: bigint;
  effective_from: string;
  commission_rates_bp: number[][];
  level_thresholds: Array<{ minTeamSize: number; minTeamDepositsPaise: string; minTeamBetsPaise: string }>;
  invite_bonus_paise: bigint;
  invite_bonus_threshold_paise: bigint;
  changed_by: string;
  created_at: Date;
};

const VERSION_COLUMNS = `id, to_char(effective_from, 'YYYY-MM-DD') as effective_from, commission_rates_bp, level_thresholds,
  invite_bonus_paise, invite_bonus_threshold_paise, changed_by, created_at`;

function versionOf(row: VersionRow): ProgrammeVersion {
  // jsonb comes back parsed from pg and PGlite alike; text only if a driver leaves it as it is.
  const rates = typeof row.commission_rates_bp === 'string' ? JSON.parse(row.commission_rates_bp) : row.commission_rates_bp;
  const thresholds = typeof row.level_thresholds === 'string' ? JSON.parse(row.level_thresholds) : row.level_thresholds;
  return {
    id: String(row.id),
    effectiveFrom: row.effective_from,
    changedBy: row.changed_by,
    changedAt: row.created_at,
    commissionRatesBp: rates as number[][],
    levelThresholds: (thresholds as VersionRow['level_thresholds']).map((threshold) => ({
      minTeamSize: threshold.minTeamSize,
      minTeamDepositsPaise: BigInt(threshold.minTeamDepositsPaise),
      minTeamBetsPaise: BigInt(threshold.minTeamBetsPaise),
    })),
    inviteBonusPaise: BigInt(row.invite_bonus_paise),
    inviteBonusThresholdPaise: BigInt(row.invite_bonus_threshold_paise),
  };
}

/**
 * The settings in effect on business day `day`: the version with the latest `effective_from` on or
 * before it (the latest saved of a day), else the server's settings. One probe of the table's index.
 */
export async function findSettingsOn(db: Queryable, defaults: ProgrammeVersion, day: string): Promise<ProgrammeVersion> {
  const [row] = await db.query<VersionRow>(
    `select ${VERSION_COLUMNS} from agent_programme_settings
     where effective_from <= $1::date order by effective_from desc, id desc limit 1`,
    [day],
  );
  return row ? versionOf(row) : defaults;
}

/** Every version, newest first (by day, then saving), ending with the server's settings when no change stored them yet. */
export async function findSettingsHistory(db: Queryable, defaults: ProgrammeVersion, limit: number): Promise<ProgrammeVersion[]> {
  const rows = await db.query<VersionRow>(
    `select ${VERSION_COLUMNS} from agent_programme_settings order by effective_from desc, id desc limit $1`,
    [limit],
  );
  return rows.length === 0 ? [defaults] : rows.map(versionOf);
}

/** The version saved for a day after `day`, if one waits (the latest saved for the latest such day). */
export async function findScheduledAfter(db: Queryable, day: string): Promise<ProgrammeVersion | null> {
  const [row] = await db.query<VersionRow>(
    `select ${VERSION_COLUMNS} from agent_programme_settings
     where effective_from > $1::date order by effective_from desc, id desc limit 1`,
    [day],
  );
  return row ? versionOf(row) : null;
}

/** Each level's thresholds and rates as the rules screen and the console show them (money as text). */
export function levelsView(settings: Pick<ProgrammeSettings, 'commissionRatesBp' | 'levelThresholds'>) {
  return settings.commissionRatesBp.map((ratesBp, level) => {
    const threshold = level === 0 ? undefined : settings.levelThresholds[level - 1];
    return {
      level,
      minTeamSize: threshold?.minTeamSize ?? 0,
      minTeamDeposits: formatMoney(threshold?.minTeamDepositsPaise ?? 0n),
      minTeamBets: formatMoney(threshold?.minTeamBetsPaise ?? 0n),
      ratesBp: [...ratesBp],
    };
  });
}

/** The settings as whole numbers, as the console edits them and the shared rule checks them. */
export function settingsAsInput(settings: ProgrammeSettings): AgentProgrammeInput {
  return {
    levels: settings.commissionRatesBp.map((ratesBp, level) => {
      const threshold = level === 0 ? undefined : settings.levelThresholds[level - 1];
      return {
        ratesBp: [...ratesBp],
        minTeamSize: threshold?.minTeamSize ?? 0,
        minTeamDepositsRupees: Number((threshold?.minTeamDepositsPaise ?? 0n) / 100n),
        minTeamBetsRupees: Number((threshold?.minTeamBetsPaise ?? 0n) / 100n),
      };
    }),
    inviteBonusRupees: Number(settings.inviteBonusPaise / 100n),
    inviteBonusThresholdRupees: Number(settings.inviteBonusThresholdPaise / 100n),
  };
}

/** A programme checked by the shared rule (`findAgentProgrammeProblems`) as the settings the agent module runs. */
export function settingsFromInput(input: AgentProgrammeInput): ProgrammeSettings {
  return {
    commissionRatesBp: input.levels.map((level) => [...level.ratesBp]),
    levelThresholds: input.levels.slice(1).map((level) => ({
      minTeamSize: level.minTeamSize,
      minTeamDepositsPaise: BigInt(level.minTeamDepositsRupees) * 100n,
      minTeamBetsPaise: BigInt(level.minTeamBetsRupees) * 100n,
    })),
    inviteBonusPaise: BigInt(input.inviteBonusRupees) * 100n,
    inviteBonusThresholdPaise: BigInt(input.inviteBonusThresholdRupees) * 100n,
  };
}

async function insertVersion(
  tx: Queryable,
  settings: ProgrammeSettings,
  day: string,
  changedBy: string,
  operatorId: string | null,
) {
  const [row] = await tx.query<VersionRow>(
    `insert into agent_programme_settings
       (effective_from, commission_rates_bp, level_thresholds, invite_bonus_paise, invite_bonus_threshold_paise, changed_by, operator_id)
     values ($1::date, $2::jsonb, $3::jsonb, $4, $5, $6, $7)
     returning ${VERSION_COLUMNS}`,
    [
      day,
      JSON.stringify(settings.commissionRatesBp),
      JSON.stringify(
        settings.levelThresholds.map((threshold) => ({
          minTeamSize: threshold.minTeamSize,
          minTeamDepositsPaise: threshold.minTeamDepositsPaise.toString(),
          minTeamBetsPaise: threshold.minTeamBetsPaise.toString(),
        })),
      ),
      settings.inviteBonusPaise,
      settings.inviteBonusThresholdPaise,
      changedBy,
      operatorId,
    ],
  );
  return versionOf(row!);
}

export type ProgrammeChange = { before: ProgrammeVersion; after: ProgrammeVersion };

/**
 * Stores a change of the programme, checked beforehand by the shared rule, in the caller's transaction:
 * a new version from the business day after `nowMs` (tomorrow, India time). Changes take turns (an
 * advisory lock), and the first one stores the server's settings as the version from 1970-01-01 first.
 * `before` is what that day would have run without the change (a change already waiting for it, or
 * the settings in effect).
 */
export async function saveProgrammeChange(
  tx: Queryable,
  defaults: ProgrammeVersion,
  settings: ProgrammeSettings,
  change: { nowMs: number; changedBy: string; operatorId: string | null },
): Promise<ProgrammeChange> {
  await tx.query('select pg_advisory_xact_lock($1)', [CHANGE_LOCK_KEY]);
  const effectiveFrom = shiftDay(kolkataDay(change.nowMs), 1);
  const [stored] = await tx.query<{ count: number }>('select count(*)::integer as count from agent_programme_settings');
  if (stored!.count === 0) await insertVersion(tx, defaults, SETTINGS_DAY, 'settings', null);
  const before = await findSettingsOn(tx, defaults, effectiveFrom);
  const after = await insertVersion(tx, settings, effectiveFrom, change.changedBy, change.operatorId);
  return { before, after };
}

type CachedSettings = { day: string; fetchedAtMs: number; settings: ProgrammeVersion };
const todaysSettings = new WeakMap<Db, CachedSettings>();

/**
 * Today's settings for the player screens (`/agent/rules`, `/user/findPromote`), kept by this node for
 * up to SETTINGS_CACHE_MS and never past the day they were read on. A change applies only from the
 * next business day, so a copy read today stays right all day; the bound covers only a change whose
 * saving straddled midnight (it then applies from the day that just began). Money paths do not use it:
 * the commission reads the settings of the day it pays, the invite bonus those of the deposit's day,
 * each from the database.
 */
export async function findTodaysSettings(ctx: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'agent'>;
}): Promise<ProgrammeVersion> {
  const nowMs = ctx.clock.now().getTime();
  const day = kolkataDay(nowMs);
  const cached = todaysSettings.get(ctx.db);
  if (cached && cached.day === day && nowMs - cached.fetchedAtMs < SETTINGS_CACHE_MS && nowMs >= cached.fetchedAtMs)
    return cached.settings;
  const settings = await findSettingsOn(ctx.db, settingsFromConfig(ctx.config), day);
  todaysSettings.set(ctx.db, { day, fetchedAtMs: nowMs, settings });
  return settings;
}

/** The invite bonus of the version in effect on `day`, or null while the server's settings run. */
export async function findInviteBonusOn(
  db: Queryable,
  day: string,
): Promise<{ amountPaise: bigint; thresholdPaise: bigint } | null> {
  const [row] = await db.query<{ invite_bonus_paise: bigint; invite_bonus_threshold_paise: bigint }>(
    `select invite_bonus_paise, invite_bonus_threshold_paise from agent_programme_settings
     where effective_from <= $1::date order by effective_from desc, id desc limit 1`,
    [day],
  );
  return row ? { amountPaise: BigInt(row.invite_bonus_paise), thresholdPaise: BigInt(row.invite_bonus_threshold_paise) } : null;
}
