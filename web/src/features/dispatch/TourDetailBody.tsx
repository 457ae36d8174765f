import { messages } from '@dispo/domain/messages';
import type { DispatchVehicle, Tour } from '../../api/dispositionTypes';
import { formatQuantity, tourQuantity, tourStatusLabel } from './format';
import { DEFAULT_TOUR_MINUTES } from './grid';
import { clockOf, clockOfDateTime, minutesOf, shortGermanDate } from './time';
import './dispatch.css';

const text = messages.dispatchScreen.details;

/** The facts and stops of Tour Details; also the layout of a tour's past state in its `Verlauf`. */
export function TourDetailBody({
  tour,
  vehicle,
  past = false,
}: {
  tour: Tour;
  vehicle?: Pick<DispatchVehicle, 'license_plate' | 'make_model' | 'driver'> | undefined;
  /** A past state: the driver belongs to the vehicle's record, not the tour's, and is left out. */
  past?: boolean;
}) {
  const plate = tour.vehicle?.license_plate ?? vehicle?.license_plate ?? tour.vehicle_id;
  const driver = tour.vehicle?.driver?.full_name ?? vehicle?.driver?.full_name ?? null;
  const start = clockOfDateTime(tour.start_time) || clockOfDateTime(tour.startTime);
  const end = clockOfDateTime(tour.end_time) || clockOfDateTime(tour.endTime);
  const assumedEnd = end ? '' : clockOf((minutesOf(start) ?? 0) + DEFAULT_TOUR_MINUTES);
  const stops = [...tour.orders].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  return (
    <div className="tour-details">
      <dl className="tour-details__facts">
        <div>
          <dt>{text.vehicle}</dt>
          <dd>
            <strong>{plate}</strong>
            {vehicle?.make_model && <> · {vehicle.make_model}</>}
          </dd>
        </div>
        {!past && (
          <div>
            <dt>{text.driver}</dt>
            <dd>{driver ?? messages.dispatchScreen.noDriver}</dd>
          </div>
        )}
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
  );
}
