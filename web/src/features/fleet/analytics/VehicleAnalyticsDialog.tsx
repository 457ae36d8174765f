import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { defaultRange } from '@dispo/domain/vehicle-analytics/analytics';
import { type AnalyticsRange, downloadAnalyticsPdf } from '../../../api/vehicleAnalytics';
import { saveBlob } from '../../../components/download';
import { todayInBerlin } from '../../../components/format';
import { Modal } from '../../../components/Modal';
import { Tabs } from '../../../components/Tabs';
import { FormError } from '../FormField';
import { FinancialTab } from './FinancialTab';
import { HistoryTab } from './HistoryTab';
import { ToursTab } from './ToursTab';
import { UtilizationTab } from './UtilizationTab';
import './analytics.css';

const a = messages.vehicleAnalytics;
const s = messages.vehicleAnalyticsScreen;

type TabId = 'history' | 'tours' | 'financial' | 'utilization';
const TABS: { id: TabId; label: string }[] = [
  { id: 'history', label: a.tabs.history },
  { id: 'tours', label: a.tabs.tours },
  { id: 'financial', label: a.tabs.financial },
  { id: 'utilization', label: a.tabs.utilization },
];

/**
 * fleet.md §2 'Fahrzeug Analytics' (issue 14): a date range (default the last 3 months), the tabs
 * Aktivitätshistorie, Tourenanalyse, Finanzübersicht and Auslastung, and 'PDF Export' of the same
 * figures as a real PDF report.
 */
export function VehicleAnalyticsDialog({ vehicleId, plate, onClose }: { vehicleId: string; plate: string; onClose(): void }) {
  const [range, setRange] = useState<AnalyticsRange>(() => defaultRange(todayInBerlin()));
  const [tab, setTab] = useState<TabId>('history');
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;

  const exportPdf = async () => {
    setPdfBusy(true);
    setPdfError(null);
    try {
      const file = await downloadAnalyticsPdf(vehicleId, range);
      saveBlob(file.blob, file.fileName ?? `${s.pdfTitle(plate)}.pdf`);
    } catch (error) {
      setPdfError(error instanceof Error ? error.message : s.pdfFailed);
    } finally {
      setPdfBusy(false);
    }
  };

  const footer = (
    <>
      <button type="button" className="button" onClick={() => void exportPdf()} disabled={pdfBusy || !valid}>
        {a.pdfExport}
      </button>
      <button type="button" className="button button--primary" onClick={onClose}>
        {s.close}
      </button>
    </>
  );
  return (
    <Modal title={`${a.title} – ${plate}`} onClose={onClose} footer={footer} size="large" className="vehicle-analytics">
      <div className="vehicle-analytics__range">
        <label className="field">
          <span className="field__label">{s.from}</span>
          <input className="field__input" type="date" value={range.from} max={range.to} onChange={(e) => setRange({ ...range, from: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">{s.to}</span>
          <input className="field__input" type="date" value={range.to} min={range.from} onChange={(e) => setRange({ ...range, to: e.target.value })} />
        </label>
      </div>
      <FormError text={valid ? pdfError : s.invalidRange} />
      <Tabs<TabId> tabs={TABS} active={tab} onChange={setTab} label={a.title} className="vehicle-analytics__tabs">
        {valid && tab === 'history' && <HistoryTab vehicleId={vehicleId} range={range} />}
        {valid && tab === 'tours' && <ToursTab vehicleId={vehicleId} range={range} />}
        {valid && tab === 'financial' && <FinancialTab vehicleId={vehicleId} range={range} />}
        {valid && tab === 'utilization' && <UtilizationTab vehicleId={vehicleId} range={range} />}
      </Tabs>
    </Modal>
  );
}
