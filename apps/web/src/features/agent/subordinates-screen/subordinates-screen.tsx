import { AGENT_TEAM_MAX_DEPTH, isRegistrationRangeValid } from '@mayur/rules/agent-periods';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { keepInputValue } from '../../../shared/lib/keep-input-value.ts';
import { Button, buttonClassName } from '../../../shared/ui/button.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import shared from '../components/agent-screens.module.css';
import { DateRangeFields } from '../components/date-range-fields.tsx';
import { ListFooter } from '../components/list-footer.tsx';
import {
  filtersOf,
  filtersToParams,
  hasFilters,
  memberIdDigits,
  NO_FILTERS,
  type SubordinateFilters,
} from './subordinate-filters.ts';
import { SubordinateRow, SubordinateRowSkeleton } from './subordinate-row.tsx';
import styles from './subordinates-screen.module.css';
import { useSubordinates } from './use-subordinates.ts';

const DEPTHS = Array.from({ length: AGENT_TEAM_MAX_DEPTH }, (_, index) => index + 1);
const SKELETON_ROWS = 5;

function DepthChips({ value, onValueChange }: { value: number | null; onValueChange: (depth: number | null) => void }) {
  const { t } = useTranslation('agent');
  // The chips show the bare depth under a visible label, so all seven fit on one line at 320 px; each
  // is still named in full ("Depth 2") for screen readers.
  return (
    <div className={styles.depthFilter}>
      <span id="subordinates-depth-label" className={shared.dateField}>
        {t('agent.list.depthLabel')}
      </span>
      <div
        className={`${shared.chips} ${shared.chipsWrap}`}
        role="group"
        aria-labelledby="subordinates-depth-label"
        data-testid="subordinates-depths"
      >
        <button type="button" className={shared.chip} aria-pressed={value === null} onClick={() => onValueChange(null)}>
          {t('agent.list.depthAll')}
        </button>
        {DEPTHS.map((depth) => (
          <button
            key={depth}
            type="button"
            className={`${shared.chip} ${styles.depthChip}`}
            aria-pressed={value === depth}
            aria-label={t('agent.list.depthOption', { depth })}
            onClick={() => onValueChange(depth)}
            data-testid={`subordinates-depth-${depth}`}
          >
            <span className="ltr-text">{depth}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** Member ID and registration days; applied together with the button, so typing does not fire a request per key. */
function SearchForm({ filters, onApply }: { filters: SubordinateFilters; onApply: (next: SubordinateFilters) => void }) {
  const { t } = useTranslation('agent');
  const [search, setSearch] = useState(filters.search);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [isRangeInvalid, setIsRangeInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isValid = isRegistrationRangeValid(from, to);
    setIsRangeInvalid(!isValid);
    if (isValid) onApply({ ...filters, search, from, to });
  };
  return (
    <form className={styles.searchForm} onSubmit={submit} noValidate role="search" data-testid="subordinates-search">
      <label className={shared.dateField}>
        {t('agent.list.searchLabel')}
        <input
          className={`${shared.input} ${styles.searchInput}`}
          type="search"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          placeholder={t('agent.list.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(keepInputValue(event.currentTarget, memberIdDigits(event.currentTarget.value)))}
        />
      </label>
      <fieldset className={styles.fieldset}>
        <legend className={shared.dateField}>{t('agent.list.registeredRange')}</legend>
        <DateRangeFields
          from={from}
          to={to}
          isInvalid={isRangeInvalid}
          errorId="subordinates-range-error"
          onFromChange={setFrom}
          onToChange={setTo}
        />
      </fieldset>
      <Button type="submit" isSmall data-testid="subordinates-apply">
        {t('agent.list.search')}
      </Button>
    </form>
  );
}

function EmptyList({ isFiltered, onClear }: { isFiltered: boolean; onClear: () => void }) {
  const { t } = useTranslation('agent');
  return (
    <div className={shared.empty} data-testid="subordinates-empty">
      <h2 className={shared.emptyTitle}>{isFiltered ? t('agent.list.emptyFilteredTitle') : t('agent.list.emptyTitle')}</h2>
      <p className={shared.emptyHint}>{isFiltered ? t('agent.list.emptyFilteredHint') : t('agent.list.emptyHint')}</p>
      {isFiltered ? (
        <Button variant="secondary" isSmall onClick={onClear}>
          {t('agent.list.clearFilters')}
        </Button>
      ) : (
        <Link to="/promotion" className={buttonClassName({ variant: 'secondary', isSmall: true })}>
          {t('agent.list.invite')}
        </Link>
      )}
    </div>
  );
}

/** `/star/list`: the player's subordinates at depths 1–6, filtered by depth, ID and registration days, loaded as the list scrolls. */
export function SubordinatesScreen() {
  const { t } = useTranslation('agent');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const subordinates = useSubordinates(filters);
  const isFiltered = hasFilters(filters);
  const apply = (next: SubordinateFilters) => setSearchParams(filtersToParams(next), { replace: true });

  let content: ReactNode;
  if (subordinates.isPending) {
    content = (
      <div role="status" data-testid="subordinates-loading">
        <span className="visually-hidden">{t('common.loading')}</span>
        <ul className={styles.list}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <SubordinateRowSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  } else if (subordinates.isError && subordinates.rows.length === 0) {
    content = (
      <div className={shared.card}>
        <LoadError onRetry={() => void subordinates.refetch()} />
      </div>
    );
  } else if (subordinates.rows.length === 0) {
    content = <EmptyList isFiltered={isFiltered} onClear={() => apply(NO_FILTERS)} />;
  } else {
    content = (
      <>
        <p className={shared.muted} data-testid="subordinates-total">
          {t('agent.list.total', { total: subordinates.total })}
        </p>
        <ul className={styles.list} data-testid="subordinates-list">
          {subordinates.rows.map((member) => (
            <SubordinateRow key={member.userId} member={member} />
          ))}
        </ul>
        <ListFooter
          query={subordinates}
          pageCount={subordinates.data?.pages.length ?? 0}
          testId="subordinates"
          endLabel={t('agent.list.end')}
        />
      </>
    );
  }

  return (
    <div className={shared.screen}>
      <section className={shared.card} aria-label={t('agent.list.filtersLabel')}>
        <DepthChips value={filters.depth} onValueChange={(depth) => apply({ ...filters, depth })} />
        {/* Keyed by the applied filters, so clearing them also clears what the form shows. */}
        <SearchForm key={`${filters.search}|${filters.from}|${filters.to}`} filters={filters} onApply={apply} />
      </section>
      <section className={styles.results} aria-label={t('agent.list.listLabel')} aria-busy={subordinates.isFetching}>
        {content}
      </section>
    </div>
  );
}
