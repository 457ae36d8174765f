import { useEffect } from 'react';
import { messages } from '@dispo/domain/messages';
import { useTourDetails } from '../../api/disposition';
import type { DispatchVehicle, Tour, TourStatus } from '../../api/dispositionTypes';
import { Modal } from '../../components/Modal';
import { HistoryButton } from '../audit/HistoryButton';
import { TOUR_STATUSES, tourNumberOf, tourStatusLabel } from './format';
import { TourDetailBody } from './TourDetailBody';

const text = messages.dispatchScreen.details;

export interface TourDetailsModalProps {
  tourId: string;
  /** The timeline's copy, shown until the server's answer arrives. */
  initial?: Tour;
  vehicles: readonly DispatchVehicle[];
  onClose(): void;
  /** Absent for roles that do not plan: the details only show. */
  onReset?: (tour: Tour) => void;
  onMove?: (tour: Tour) => void;
  /** Asks to delete the tour (with a confirmation). */
  onDelete?: (tour: Tour) => void;
  onChangeStatus?: (tour: Tour, status: TourStatus) => void;
  onLoadError(): void;
}

/** Tour Details (dispatch.md §2): vehicle, status, start and end, the orders, Auf Offen setzen. */
export function TourDetailsModal({
  tourId,
  initial,
  vehicles,
  onClose,
  onReset,
  onMove,
  onDelete,
  onChangeStatus,
  onLoadError,
}: TourDetailsModalProps) {
  const query = useTourDetails(tourId, initial);
  const tour = query.data;
  const failed = query.isError;
  useEffect(() => {
    if (failed) onLoadError();
  }, [failed, onLoadError]);

  const vehicle = tour ? vehicles.find((candidate) => candidate.id === tour.vehicle_id) : undefined;
  const number = tour ? tourNumberOf(tour) : '';

  return (
    <Modal
      title={`${messages.dispatch.tourDetailsTitle}${number ? ` – ${messages.dispatchScreen.tour(number)}` : ''}`}
      onClose={onClose}
      size="large"
      footer={
        tour && (
          <>
            {onChangeStatus && (
              <label className="field field--inline">
                <span className="field__label">{text.changeStatus}</span>
                <select
                  className="field__input"
                  value={tour.status}
                  onChange={(event) => onChangeStatus(tour, event.target.value as TourStatus)}
                >
                  {TOUR_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {tourStatusLabel(status)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <span className="modal__footer-spacer" />
            <HistoryButton kind="tour" id={tour.id} title={tour.tourNumber} />
            {onMove && (
              <button type="button" className="button" onClick={() => onMove(tour)}>
                {text.move}
              </button>
            )}
            {tour.keptReason && (onDelete || onReset) && (
              <span className="tour-kept-hint" role="note" data-testid="tour-kept-reason">
                {tour.keptReason}
              </span>
            )}
            {onDelete && !tour.keptReason && (
              <button type="button" className="button button--danger" onClick={() => onDelete(tour)}>
                {messages.dispatchInsights.deleteTourMenu}
              </button>
            )}
            {onReset && !tour.keptReason && (
              <button type="button" className="button button--danger" onClick={() => onReset(tour)}>
                {messages.dispatch.resetToOpen}
              </button>
            )}
            <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
              {messages.dispatchScreen.close}
            </button>
          </>
        )
      }
    >
      {!tour ? (
        failed ? (
          <p className="alert alert--error" role="alert">
            {messages.dispatch.errors.loadTourDetails}
          </p>
        ) : (
          <p className="placeholder-text">{text.loading}</p>
        )
      ) : (
        <TourDetailBody tour={tour} vehicle={vehicle} />
      )}
    </Modal>
  );
}
