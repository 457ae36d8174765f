import { useEffect } from 'react';
import { messages } from '@dispo/domain/messages';
import { useTourDetails } from '../../api/disposition';
import type { DispatchVehicle, Tour, TourStatus } from '../../api/dispositionTypes';
import { Modal } from '../../components/Modal';
import { HistoryButton } from '../audit/HistoryButton';
import { formatQuantity, TOUR_STATUSES, tourNumberOf, tourQuantity, tourStatusLabel } from './format';
import { DEFAULT_TOUR_MINUTES } from './grid';
import { clockOf, clockOfDateTime, minutesOf, shortGermanDate } from './time';

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
  const plate = tour?.vehicle?.license_plate ?? vehicle?.license_plate ?? tour?.vehicle_id ?? '';
  const driver = tour?.vehicle?.driver?.full_name ?? vehicle?.driver?.full_name ?? null;
  const start = tour ? clockOfDateTime(tour.start_time) || clockOfDateTime(tour.startTime) : '';
  const end = tour ? clockOfDateTime(tour.end_time) || clockOfDateTime(tour.endTime) : '';
  const assumedEnd = tour && !end ? clockOf((minutesOf(start) ?? 0) + DEFAULT_TOUR_MINUTES) : '';
  const number = tour ? tourNumberOf(tour) : '';
  const stops = tour ? [...tour.orders].sort((a, b) => a.sequenceNumber - b.sequenceNumber) : [];

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
            {onDelete && (
              <button type="button" className="button button--danger" onClick={() => onDelete(tour)}>
                {messages.dispatchInsights.deleteTourMenu}
              </button>
            )}
            {onReset && (
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
        <div className="tour-details">
          <dl className="tour-details__facts">
            <div>
              <dt>{text.vehicle}</dt>
              <dd>
                <strong>{plate}</strong>
                {vehicle?.make_model && <> · {vehicle.make_model}</>}
              </dd>
            </div>
            <div>
              <dt>{text.driver}</dt>
              <dd>{driver ?? messages.dispatchScreen.noDriver}</dd>
            </div>
            <div>
              <dt>{text.status}</dt>
              <dd>
                <span className={`status-chip tour-block--${tour.status}`}>{tourStatusLabel(tour.status)}</span>
                {tour.hasConflict && <span className="conflict-chip"> ⚠ {messages.dispatchScreen.conflict}</span>}
              </dd>
            </div>
            <div>
              <dt>{text.start}</dt>
              <dd>
                {shortGermanDate(tour.date)}, {text.clock(start)}
              </dd>
            </div>
            <div>
              <dt>{text.end}</dt>
              <dd>{end ? text.clock(end) : text.endAssumed(assumedEnd)}</dd>
            </div>
            <div>
              <dt>{text.total}</dt>
              <dd>
                {messages.dispatchScreen.orderCount(stops.length)}
                {tourQuantity(tour) && <> · {tourQuantity(tour)}</>}
              </dd>
            </div>
          </dl>
          <h3 className="tour-details__title">{text.orders}</h3>
          {stops.length === 0 ? (
            <p className="placeholder-text">{text.noOrders}</p>
          ) : (
            <table className="tour-details__orders">
              <thead>
                <tr>
                  <th scope="col">{text.sequence}</th>
                  <th scope="col">{text.arrival}</th>
                  <th scope="col">{text.order}</th>
                  <th scope="col">{text.customer}</th>
                  <th scope="col">{text.route}</th>
                  <th scope="col">{text.material}</th>
                  <th scope="col" className="numeric">
                    {text.quantity}
                  </th>
                </tr>
              </thead>
              <tbody>
                {stops.map((stop) => {
                  const order = stop.transportOrder;
                  return (
                    <tr key={stop.id}>
                      <td>{stop.sequenceNumber}</td>
                      <td>{clockOfDateTime(stop.estimatedArrival)}</td>
                      <td className="mono">{order.orderNumber}</td>
                      <td>{order.customerName ?? ''}</td>
                      <td>
                        {[order.loadingPlantName, order.loadingPointName].filter(Boolean).join(' · ')} → {order.deliveryPlantName ?? ''}
                      </td>
                      <td>{order.materialName ?? ''}</td>
                      <td className="numeric">{formatQuantity(order.quantity, order.unit)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Modal>
  );
}
