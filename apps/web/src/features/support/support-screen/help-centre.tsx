import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronIcon } from '../../../shared/ui/icons.tsx';
import { CloseIcon, SearchIcon } from '../support-icons.tsx';
import { HELP_TOPICS, type HelpTopic } from './help-topics.ts';
import { searchSections, type SearchableSection } from './search-text.ts';
import styles from './support-screen.module.css';

type TopicSection = SearchableSection & { topic: HelpTopic };

function TopicPanel({ section, isOpen, onToggle }: { section: TopicSection; isOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation('support');
  const panelId = useId();
  const { topic } = section;
  return (
    <li className={styles.topic} data-testid={`help-topic-${topic.id}`}>
      <h3 className={styles.topicHeading}>
        <button type="button" className={styles.topicButton} aria-expanded={isOpen} aria-controls={panelId} onClick={onToggle}>
          <span className={styles.topicIcon}>
            <topic.Icon size={20} />
          </span>
          <span className={styles.topicTitle}>{section.title}</span>
          <span className={styles.topicCount}>{t('support.questionCount', { count: section.entries.length })}</span>
          <ChevronIcon className={styles.topicChevron} size={18} />
        </button>
      </h3>
      <div id={panelId} className={styles.topicPanel} hidden={!isOpen}>
        <dl className={styles.questions}>
          {section.entries.map((entry) => (
            <div key={entry.id} className={styles.question} data-testid="help-question">
              <dt className={styles.questionText}>{entry.question}</dt>
              <dd className={styles.answerText}>{entry.answer}</dd>
            </div>
          ))}
        </dl>
        {topic.link && (
          <Link to={topic.link.to} className={styles.topicLink}>
            {t(topic.link.labelKey)}
            <ChevronIcon size={16} />
          </Link>
        )}
      </div>
    </li>
  );
}

function NoAnswers({ query }: { query: string }) {
  const { t } = useTranslation('support');
  return (
    <div className={styles.noAnswers} data-testid="help-empty">
      <svg className={styles.noAnswersArt} viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#fff1e6" />
        <circle cx="42" cy="42" r="18" fill="none" stroke="#c2410c" strokeWidth="6" />
        <path d="m56 56 16 16" stroke="#9a3412" strokeWidth="8" strokeLinecap="round" />
        <path d="M36 42h12" stroke="#0f766e" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <p className={styles.noAnswersTitle}>{t('support.search.emptyTitle')}</p>
      <p className={styles.noAnswersBody}>{t('support.search.emptyBody', { query: query.trim() })}</p>
    </div>
  );
}

/** The searchable questions and answers: collapsible topics, filtered as the player types. */
export function HelpCentre() {
  const { t } = useTranslation('support');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // While searching, every topic with a match opens; the player may still fold one away.
  const [foldedInSearch, setFoldedInSearch] = useState<ReadonlySet<string>>(() => new Set());
  const searchId = useId();

  const sections = useMemo<TopicSection[]>(
    () =>
      HELP_TOPICS.map((topic) => ({
        id: topic.id,
        topic,
        title: t(`support.topics.${topic.id}.title`),
        entries: topic.questions.map((question) => ({
          id: question,
          question: t(`support.topics.${topic.id}.${question}.q`),
          answer: t(`support.topics.${topic.id}.${question}.a`),
        })),
      })),
    [t],
  );
  const found = useMemo(() => searchSections(sections, deferredQuery), [sections, deferredQuery]);
  const isSearching = deferredQuery.trim() !== '';
  const answerCount = found.reduce((total, section) => total + section.entries.length, 0);

  const changeQuery = (value: string) => {
    setQuery(value);
    setFoldedInSearch(new Set());
  };
  const toggle = (id: string) => {
    const flip = (set: ReadonlySet<string>) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    };
    if (isSearching) setFoldedInSearch(flip);
    else setExpanded(flip);
  };

  return (
    <section className={styles.card} aria-labelledby="help-title">
      <h2 id="help-title" className={styles.sectionTitle}>
        {t('support.topicsTitle')}
      </h2>
      <div className={styles.search} role="search">
        <label htmlFor={searchId} className="visually-hidden">
          {t('support.search.label')}
        </label>
        <SearchIcon className={styles.searchIcon} size={20} />
        <input
          id={searchId}
          type="search"
          className={styles.searchInput}
          value={query}
          placeholder={t('support.search.placeholder')}
          onChange={(event) => changeQuery(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          dir="auto"
          maxLength={100}
          data-testid="help-search"
        />
        {query !== '' && (
          <button
            type="button"
            className={styles.clearButton}
            onClick={() => changeQuery('')}
            aria-label={t('support.search.clear')}
          >
            <CloseIcon size={18} />
          </button>
        )}
      </div>
      <p className={isSearching ? styles.resultCount : 'visually-hidden'} role="status" data-testid="help-result-count">
        {isSearching ? t('support.search.results', { count: answerCount }) : ''}
      </p>
      {found.length === 0 ? (
        <NoAnswers query={deferredQuery} />
      ) : (
        <ul className={styles.topics}>
          {found.map((section) => (
            <TopicPanel
              key={section.id}
              section={section}
              isOpen={isSearching ? !foldedInSearch.has(section.id) : expanded.has(section.id)}
              onToggle={() => toggle(section.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
