import { messages } from '@dispo/domain/messages';
import type { MaintenanceDate, Trailer } from '../../api/fleetTypes';
import { useState } from 'react';
import { formatDate, formatDateTime, todayInBerlin } from '../../components/format';
import { AppointmentLists } from './workshop/AppointmentLists';
import { DateBadge, VehicleStatusPill } from './badges';
import { DetailItem, DetailModal } from './DetailModal';
import { dateBadge, maintenanceKindLabel, trailerTypeLabel, withUnit } from './fleetLogic';

export interface TrailerDetailModalProps {
  trailer: Trailer;
  canWrite: boolean;
  onEdit(trailer: Trailer): void;
  /** Tab Wartung: a new appointment (fleet managers and dispatchers). */
  onNewAppointment?: (trailer: Trailer) => void;
  onClose(): void;
}

/** §4 badge of a trailer's maintenance date: within 30 days or past. */
function TrailerDateBadge({ entry, today }: { entry: MaintenanceDate; today: string }) {
  const badge = dateBadge(entry.art, maintenanceKindLabel(entry.art), entry.datum, today);
  return badge && <DateBadge badge={badge} />;
}

/**
 * §2 trailer details dialog, tab Allgemein: plate, type, max weight in kg, status, created date,
 * notes, tractor unit or 'Nicht zugeordnet'; tab Wartung: up to 3 upcoming and 3 recent appointments
 * and a new one.
 */
export function TrailerDetailModal({ trailer, canWrite, onEdit, onNewAppointment, onClose }: TrailerDetailModalProps) {
  const text = messages.fleetScreen;
  const [tab, setTab] = useState<'general' | 'maintenance'>('general');
  const f = text.fields;
  const dates = [...trailer.wartungstermine].sort((a, b) => a.datum.localeCompare(b.datum));
  const today = todayInBerlin();
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
        {(['general', 'maintenance'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`fleet-tab${tab === key ? ' fleet-tab--active' : ''}`}
            id={`trailer-tab-${key}`}
            aria-controls={`trailer-panel-${key}`}
            onClick={() => setTab(key)}
          >
            {key === 'general' ? messages.fleet.general : messages.workshop.maintenanceTab}
          </button>
        ))}
      </div>
      {tab === 'maintenance' && (
        <div role="tabpanel" id="trailer-panel-maintenance" aria-labelledby="trailer-tab-maintenance" className="fleet-detail">
          <AppointmentLists kind="trailer" id={trailer.id} today={today} limit={3} canWrite={onNewAppointment !== undefined} subjectDetails={trailerTypeLabel(trailer.typ)} />
          {onNewAppointment && (
            <button type="button" className="button button--primary button--small" onClick={() => onNewAppointment(trailer)}>
              {messages.workshopScreen.newAppointment}
            </button>
          )}
        </div>
      )}
      {tab === 'general' && (
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
                  <li key={`${entry.art}-${entry.datum}-${index}`} className="fleet-cell-row">
                    {maintenanceKindLabel(entry.art)} {formatDate(entry.datum)}
                    <TrailerDateBadge entry={entry} today={today} />
                  </li>
                ))}
              </ul>
            )}
          </DetailItem>
          <DetailItem label={f.notes}>{trailer.notizen}</DetailItem>
        </dl>
      </div>
      )}
    </DetailModal>
  );
}
