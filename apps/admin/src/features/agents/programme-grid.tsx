import { AGENT_RATE_DEPTHS, AGENT_RATE_SUM_MAX_BP, rateSumBp } from '@mayur/rules/agent-programme-rules';
import { useTranslation } from 'react-i18next';

// The programme's edit grid: one row per level, its thresholds, its six rates by depth and what they
// add up to (the contract caps a level at AGENT_RATE_SUM_MAX_BP in all), so the sum the rule checks is
// in front of the owner while typing.

export type LevelDraft = { ratesBp: string[]; minTeamSize: string; minTeamDepositsRupees: string; minTeamBetsRupees: string };

const DEPTHS = Array.from({ length: AGENT_RATE_DEPTHS }, (_, index) => index + 1);
/**
 * A box of digits as its whole number; anything else (empty, a sign, a decimal point, "1e3", "0x10")
 * stays unreadable (NaN), so the schema refuses it instead of saving another number than the one typed.
 */
export const asNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function RateSum({ level, index }: { level: LevelDraft; index: number }) {
  const sum = rateSumBp({ ratesBp: level.ratesBp.map(asNumber) });
  const isReadable = Number.isSafeInteger(sum);
  return (
    <output data-testid={`rate-sum-${index}`} className={isReadable && sum > AGENT_RATE_SUM_MAX_BP ? 'field-error' : undefined}>
      {isReadable ? sum.toLocaleString('en-GB') : '—'}
    </output>
  );
}

export function ProgrammeGrid({
  levels,
  invalidLevels,
  onLevelChange,
}: {
  levels: LevelDraft[];
  /** Indexes of levels the rule refused, marked invalid for assistive technology. */
  invalidLevels: ReadonlySet<number>;
  onLevelChange(index: number, change: Partial<LevelDraft>): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table programme-grid">
        <thead>
          <tr>
            <th scope="col">{t('agents.level')}</th>
            <th scope="col">{t('agents.minTeamSize')}</th>
            <th scope="col">{t('agents.minTeamDepositsRupees')}</th>
            <th scope="col">{t('agents.minTeamBetsRupees')}</th>
            {DEPTHS.map((depth) => (
              <th key={depth} scope="col">
                {t('agents.depthBp', { depth })}
              </th>
            ))}
            <th scope="col">{t('agents.rateSum', { max: AGENT_RATE_SUM_MAX_BP.toLocaleString('en-GB') })}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((level, index) => (
            <tr key={index}>
              <th scope="row">L{index}</th>
              {(['minTeamSize', 'minTeamDepositsRupees', 'minTeamBetsRupees'] as const).map((name) => (
                <td key={name}>
                  <input
                    className="figure"
                    aria-label={`L${index} ${t(`agents.${name}`)}`}
                    aria-invalid={invalidLevels.has(index) ? true : undefined}
                    inputMode="numeric"
                    value={index === 0 ? '0' : level[name]}
                    disabled={index === 0}
                    onChange={(event) => onLevelChange(index, { [name]: event.target.value })}
                  />
                </td>
              ))}
              {DEPTHS.map((depth) => (
                <td key={depth}>
                  <input
                    aria-label={`L${index} ${t('agents.depthBp', { depth })}`}
                    aria-invalid={invalidLevels.has(index) ? true : undefined}
                    inputMode="numeric"
                    value={level.ratesBp[depth - 1] ?? ''}
                    onChange={(event) =>
                      onLevelChange(index, {
                        ratesBp: level.ratesBp.map((rate, at) => (at === depth - 1 ? event.target.value : rate)),
                      })
                    }
                  />
                </td>
              ))}
              <td>
                <RateSum level={level} index={index} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
