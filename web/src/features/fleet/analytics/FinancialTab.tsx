import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { type AnalyticsRange, useFinancial } from '../../../api/vehicleAnalytics';
import { formatDate, formatEuro, formatNumber } from '../../../components/format';
import { Kpi, TabState } from './TabState';

const a = messages.vehicleAnalytics;
const s = messages.vehicleAnalyticsScreen;
/** fleet.md §9: the maintenance breakdown shows the first 5 (expandable). */
export const MAINTENANCE_ITEMS_SHOWN = 5;

const MARGIN_TONE = { veryGood: 'good', good: 'good', low: 'warn', loss: 'bad' } as const;
const SHARE_TONE = { good: 'good', medium: 'warn', high: 'bad' } as const;

/** Finanzübersicht: revenue, maintenance and running costs, net profit and margin with its band. */
export function FinancialTab({ vehicleId, range }: { vehicleId: string; range: AnalyticsRange }) {
  const financial = useFinancial(vehicleId, range);
  const [all, setAll] = useState(false);
  const f = financial.data;
  const empty = f && f.completedTours === 0 && f.maintenanceBreakdown.length === 0;
  const items = f ? (all ? f.maintenanceBreakdown : f.maintenanceBreakdown.slice(0, MAINTENANCE_ITEMS_SHOWN)) : [];
  return (
    <div className="vehicle-analytics__panel">
      <TabState pending={financial.isPending} error={financial.error} />
      {empty && <p className="vehicle-analytics__empty">{a.noFinancialData}</p>}
      {f && !empty && (
        <>
          <div className="vehicle-analytics__kpis">
            <Kpi label={s.totalRevenue} value={formatEuro(f.totalRevenue)} />
            <Kpi label={s.maintenanceCosts} value={formatEuro(f.totalMaintenanceCosts)} />
            <Kpi label={s.runningCosts} value={formatEuro(f.totalRunningCosts)} note={`${formatEuro(f.costPerKm)} / km`} />
            <Kpi label={s.netProfit} value={formatEuro(f.netProfit)} tone={f.netProfit < 0 ? 'bad' : null} />
            <Kpi
              label={s.profitMargin}
              value={f.profitMargin === null ? '–' : `${formatNumber(f.profitMargin)} %`}
              note={f.marginBand ? a.marginBands[f.marginBand] : null}
              tone={f.marginBand ? MARGIN_TONE[f.marginBand] : null}
            />
            <Kpi
              label={s.maintenanceShare}
              value={f.maintenanceShare === null ? '–' : `${formatNumber(f.maintenanceShare)} %`}
              note={f.maintenanceShareBand ? s.maintenanceShareBands[f.maintenanceShareBand] : null}
              tone={f.maintenanceShareBand ? SHARE_TONE[f.maintenanceShareBand] : null}
            />
          </div>
          {f.assessment && <p className="vehicle-analytics__sentence">{s.assessment[f.assessment]}</p>}
          {f.toursWithoutRevenue > 0 && <p className="vehicle-analytics__missing">{a.noRevenue}</p>}
          <h3 className="vehicle-analytics__heading">{s.maintenanceBreakdown}</h3>
          {f.maintenanceBreakdown.length === 0 ? (
            <p className="vehicle-analytics__empty">{s.noMaintenance}</p>
          ) : (
            <table className="vehicle-analytics__table">
              <tbody>
                {items.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDate(m.date)}</td>
                    <td>{m.type}</td>
                    <td>{[m.workshop, m.notes].filter(Boolean).join(' · ')}</td>
                    <td className="num">{formatEuro(m.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {f.maintenanceBreakdown.length > MAINTENANCE_ITEMS_SHOWN && (
            <button type="button" className="button button--small" aria-expanded={all} onClick={() => setAll(!all)}>
              {all ? s.showLess : s.showAll(f.maintenanceBreakdown.length)}
            </button>
          )}
        </>
      )}
    </div>
  );
}
