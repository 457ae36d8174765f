import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';
import type { Trailer } from '../../api/fleetTypes';
import { formatDate, formatDateTime, formatNumber } from '../../components/format';
import { Modal } from '../../components/Modal';
import { StatusPill } from './badges';
import { maintenanceKindLabel, trailerTypeLabel } from './fleetLogic';

export interface TrailerDetailModalProps {
  trailer: Trailer;
  canWrite: boolean;
  onEdit(trailer: Trailer): void;
  onClose(): void;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className="fleet-detail__item">
      <dt>{label}</dt>
      <dd>{empty ? <span className="fleet-muted">{messages.orderTable.notSet}</span> : children}</dd>
    </div>
  );
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
    <Modal
      title={
        <>
          {text.trailerTitle} <span className="fleet-plate">{trailer.kennzeichen}</span>
        </>
      }
      onClose={onClose}
      size="medium"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {text.close}
          </button>
          {canWrite && (
            <button type="button" className="button button--primary" onClick={() => onEdit(trailer)}>
              {text.edit}
            </button>
          )}
        </>
      }
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
          <Item label={f.licensePlate}>{trailer.kennzeichen}</Item>
          <Item label={f.trailerType}>{trailerTypeLabel(trailer.typ)}</Item>
          <Item label={f.maxWeightKg}>{trailer.maxWeight === null ? null : `${formatNumber(trailer.maxWeight)} kg`}</Item>
          <Item label={f.status}>
            <StatusPill status={trailer.status} />
          </Item>
          <Item label={f.createdAt}>{trailer.createdAt ? formatDateTime(trailer.createdAt) : null}</Item>
          <Item label={f.tractor}>{trailer.zugmaschine?.licensePlate ?? messages.fleet.notAssigned}</Item>
          <Item label={f.maintenanceDates}>
            {dates.length === 0 ? null : (
              <ul className="fleet-plain-list">
                {dates.map((entry, index) => (
                  <li key={`${entry.art}-${entry.datum}-${index}`}>
                    {maintenanceKindLabel(entry.art)} {formatDate(entry.datum)}
                  </li>
                ))}
              </ul>
            )}
          </Item>
          <Item label={f.notes}>{trailer.notizen}</Item>
        </dl>
      </div>
    </Modal>
  );
}
