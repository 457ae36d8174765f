import { messages } from '@dispo/domain/messages';
import { addDays } from '@dispo/domain/shared/berlin-date';
import { useState } from 'react';
import { type StatisticsPeriod, useStatistics } from '../../api/statistics';
import { todayInBerlin } from '../../components/format';
import { Modal } from '../../components/Modal';
import { Tabs } from '../../components/Tabs';
import { MaterialsTab, OverviewTab, TrendsTab, VehiclesTab } from './StatisticsTabs';
import './statistics.css';

const text = { ...messages.statistics, ...messages.statisticsScreen };

/** §9: the quick periods; the default is the last 7 days up to today (§7.5). */
export const QUICK_PERIODS = [7, 30, 90] as const;

type TabId = 'overview' | 'materials' | 'trends' | 'vehicles';
const TABS: readonly { id: TabId; label: string }[] = [
  { id: 'overview', label: text.tabOverview },
  { id: 'materials', label: text.tabMaterials },
  { id: 'trends', label: text.tabTrends },
  { id: 'vehicles', label: text.tabVehicles },
];

/** The last `days` days up to today, Berlin dates. */
export function lastDays(days: number, today = todayInBerlin()): StatisticsPeriod {
  return { dateFrom: addDays(today, -(days - 1)), dateTo: today };
}

/**
 * Statistik und Auswertungen (orders.md §2.14): a period (inputs or 7/30/90 days), `Aktualisieren`,
 * and four tabs of figures the server computes from the read tables (docs/read-models.md).
 */
export function StatisticsModal({ onClose }: { onClose(): void }) {
  // The inputs change freely; the figures follow the period applied (quick period or Aktualisieren).
  const [draft, setDraft] = useState<StatisticsPeriod>(() => lastDays(7));
  const [period, setPeriod] = useState<StatisticsPeriod>(draft);
  const [tab, setTab] = useState<TabId>('overview');
  const query = useStatistics(period);
  const invalid = draft.dateFrom === '' || draft.dateTo === '' || draft.dateFrom > draft.dateTo;

  const apply = (next: StatisticsPeriod) => {
    setDraft(next);
    if (next.dateFrom === period.dateFrom && next.dateTo === period.dateTo) void query.refetch();
    else setPeriod(next);
  };

  const quick = QUICK_PERIODS.find((days) => {
    const p = lastDays(days);
    return p.dateFrom === period.dateFrom && p.dateTo === period.dateTo;
  });

  return (
    <Modal
      title={text.title}
      onClose={onClose}
      size="large"
      className="statistics-modal"
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {text.close}
        </button>
      }
    >
      <div className="statistics">
        <form
          className="statistics__period"
          aria-label={text.periodGroup}
          onSubmit={(event) => {
            event.preventDefault();
            if (!invalid) apply(draft);
          }}
        >
          <label className="field statistics__date">
            <span className="field__label">{text.periodFrom}</span>
            <input
              className="field__input"
              type="date"
              value={draft.dateFrom}
              max={draft.dateTo}
              onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })}
            />
          </label>
          <label className="field statistics__date">
            <span className="field__label">{text.periodTo}</span>
            <input
              className="field__input"
              type="date"
              value={draft.dateTo}
              min={draft.dateFrom}
              onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })}
            />
          </label>
          <div className="statistics__quick" role="group" aria-label={text.periodGroup}>
            {QUICK_PERIODS.map((days) => (
              <button
                key={days}
                type="button"
                className={`button button--small${quick === days ? ' button--active' : ''}`}
                aria-pressed={quick === days}
                onClick={() => apply(lastDays(days))}
              >
                {text.quickPeriod(days)}
              </button>
            ))}
          </div>
          <button type="submit" className="button button--primary button--small" disabled={invalid || query.isFetching}>
            {text.refresh}
          </button>
        </form>
        {invalid && draft.dateFrom !== '' && draft.dateTo !== '' && <p className="field__error">{text.invalidPeriod}</p>}

        <Tabs<TabId> tabs={TABS} active={tab} onChange={setTab} label={text.title} className="statistics__tabs">
          {query.isPending ? (
            <p className="statistics__loading" role="status">
              <span className="spinner spinner--small" aria-hidden="true" /> {text.loading}
            </p>
          ) : query.isError ? (
            <p className="alert alert--error" role="alert">
              {messages.errors.loadStatistics}.
            </p>
          ) : (
            <div
              className={query.isFetching ? 'statistics__content statistics__content--stale' : 'statistics__content'}
              aria-busy={query.isFetching}
            >
              {tab === 'overview' && <OverviewTab stats={query.data} />}
              {tab === 'materials' && <MaterialsTab materials={query.data.materials} />}
              {tab === 'trends' && <TrendsTab metrics={query.data.metrics} />}
              {tab === 'vehicles' && <VehiclesTab vehicles={query.data.vehicles} />}
            </div>
          )}
        </Tabs>
      </div>
    </Modal>
  );
}
