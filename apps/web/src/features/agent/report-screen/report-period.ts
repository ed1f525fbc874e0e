import {
  agentPeriodRange,
  agentRangeProblem,
  isAgentPeriod,
  type AgentDayRange,
  type AgentPeriod,
} from '@mayur/rules/agent-periods';
import { kolkataDay } from '@mayur/rules/kolkata-day';

export type ReportPeriod = AgentPeriod | 'custom';

export const REPORT_PERIODS: readonly ReportPeriod[] = ['today', 'yesterday', 'week', 'month', 'custom'];

export type ReportSelection = {
  period: ReportPeriod;
  /** The days to ask for; null while a custom range is missing or invalid. */
  range: AgentDayRange | null;
  /** The custom range as typed (kept when invalid, so the form can show it). */
  customFrom: string;
  customTo: string;
  isRangeInvalid: boolean;
};

/**
 * The report's period from the address (`?period=week`, or `?period=custom&from=…&to=…`), at the
 * moment `nowMs`. Anything unknown reads as today, so an old or hand-edited link still opens.
 */
export function reportSelection(params: URLSearchParams, nowMs: number): ReportSelection {
  const requested = params.get('period');
  const customFrom = params.get('from') ?? '';
  const customTo = params.get('to') ?? '';
  if (requested === 'custom') {
    const isRangeInvalid = agentRangeProblem({ from: customFrom, to: customTo }, kolkataDay(nowMs)) !== null;
    return {
      period: 'custom',
      range: isRangeInvalid ? null : { from: customFrom, to: customTo },
      customFrom,
      customTo,
      isRangeInvalid,
    };
  }
  const period = isAgentPeriod(requested) ? requested : 'today';
  return { period, range: agentPeriodRange(period, nowMs), customFrom, customTo, isRangeInvalid: false };
}

/** The address parameters of a choice; a custom range carries its days. */
export function reportSearchParams(period: ReportPeriod, custom?: AgentDayRange): Record<string, string> {
  if (period === 'custom') return { period, from: custom?.from ?? '', to: custom?.to ?? '' };
  return period === 'today' ? {} : { period };
}
