import { messages } from '@dispo/domain/messages';
import type { Trailer } from '../../api/fleetTypes';
import { useState } from 'react';
import { todayInBerlin } from '../../components/format';
import { AppointmentLists } from './workshop/AppointmentLists';
import { DetailModal } from './DetailModal';
import { TrailerDetailFields } from './TrailerDetailFields';
import { trailerTypeLabel } from './fleetLogic';

export interface TrailerDetailModalProps {
  trailer: Trailer;
  canWrite: boolean;
  onEdit(trailer: Trailer): void;
  /** Tab Wartung: a new appointment (fleet managers and dispatchers). */
  onNewAppointment?: (trailer: Trailer) => void;
  onClose(): void;
}

/**
 * §2 trailer details dialog, tab Allgemein: plate, type, max weight in kg, status, created date,
 * notes, tractor unit or 'Nicht zugeordnet'; tab Wartung: up to 3 upcoming and 3 recent appointments
 * and a new one.
 */
export function TrailerDetailModal({ trailer, canWrite, onEdit, onNewAppointment, onClose }: TrailerDetailModalProps) {
  const text = messages.fleetScreen;
  const [tab, setTab] = useState<'general' | 'maintenance'>('general');
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
          <AppointmentLists
            kind="trailer"
            id={trailer.id}
            today={today}
            limit={3}
            canWrite={onNewAppointment !== undefined}
            subjectDetails={trailerTypeLabel(trailer.typ)}
          />
          {onNewAppointment && (
            <button type="button" className="button button--primary button--small" onClick={() => onNewAppointment(trailer)}>
              {messages.workshopScreen.newAppointment}
            </button>
          )}
        </div>
      )}
      {tab === 'general' && (
        <div role="tabpanel" id="trailer-panel-general" aria-labelledby="trailer-tab-general" className="fleet-detail">
          <TrailerDetailFields trailer={trailer} today={today} />
        </div>
      )}
    </DetailModal>
  );
}
