import { messages } from '@dispo/domain/messages';
import type { Trailer } from '../../api/fleetTypes';
import { formatDate, formatDateTime } from '../../components/format';
import { VehicleStatusPill } from './badges';
import { DetailItem, DetailModal } from './DetailModal';
import { maintenanceKindLabel, trailerTypeLabel, withUnit } from './fleetLogic';

export interface TrailerDetailModalProps {
  trailer: Trailer;
  canWrite: boolean;
  onEdit(trailer: Trailer): void;
  onClose(): void;
}

/**
 * §2 trailer details dialog, tab Allgemein: plate, type, max weight in kg, status, created date,
 * notes, tractor unit or 'Nicht zugeordnet'. The tab Wartung (appointments) joins with the workshop issue.
 */
export function TrailerDetailModal({ trailer, canWrite, onEdit, onClose }: TrailerDetailModalProps) {
  const text = messages.fleetScreen;
  const f = text.fields;
  const dates = [...trailer.wartungstermine].sort((a, b) => a.datum.localeCompare(b.datum));
  return (
    <DetailModal
      history={{ kind: 'trailer', id: trailer.id, title: trailer.kennzeichen }}
      title={
        <>
          {text.trailerTitle} <span className="fleet-plate">{trailer.kennzeichen}</span>
        </>
      }
      size="medium"
      canWrite={canWrite}
      onEdit={() => onEdit(trailer)}
      onClose={onClose}
    >
      <div className="fleet-tabs fleet-tabs--dialog" role="tablist" aria-label={text.trailerTitle}>
        <button
          type="button"
          role="tab"
          aria-selected="true"
          className="fleet-tab fleet-tab--active"
          id="trailer-tab-general"
          aria-controls="trailer-panel-general"
        >
          {messages.fleet.general}
        </button>
      </div>
      <div role="tabpanel" id="trailer-panel-general" aria-labelledby="trailer-tab-general" className="fleet-detail">
        <dl className="fleet-detail__list">
          <DetailItem label={f.licensePlate}>{trailer.kennzeichen}</DetailItem>
          <DetailItem label={f.trailerType}>{trailerTypeLabel(trailer.typ)}</DetailItem>
          <DetailItem label={f.maxWeightKg}>{withUnit(trailer.maxWeight, 'kg')}</DetailItem>
          <DetailItem label={f.status}>
            <VehicleStatusPill status={trailer.status} />
          </DetailItem>
          <DetailItem label={f.createdAt}>{trailer.createdAt ? formatDateTime(trailer.createdAt) : null}</DetailItem>
          <DetailItem label={f.tractor}>{trailer.zugmaschine?.licensePlate ?? messages.fleet.notAssigned}</DetailItem>
          <DetailItem label={f.maintenanceDates}>
            {dates.length === 0 ? null : (
              <ul className="fleet-plain-list">
                {dates.map((entry, index) => (
                  <li key={`${entry.art}-${entry.datum}-${index}`}>
                    {maintenanceKindLabel(entry.art)} {formatDate(entry.datum)}
                  </li>
                ))}
              </ul>
            )}
          </DetailItem>
          <DetailItem label={f.notes}>{trailer.notizen}</DetailItem>
        </dl>
      </div>
    </DetailModal>
  );
}
