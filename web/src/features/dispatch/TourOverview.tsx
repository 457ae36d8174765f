import { messages } from '@dispo/domain/messages';
import type { DispatchVehicle } from '../../api/dispositionTypes';
import { tourNumberOf, tourQuantity, tourStatusLabel } from './format';
import { tourSpan } from './grid';
import { clockOf } from './time';
import type { DisplayTour } from './useOptimistic';

const text = messages.dispatchScreen.overview;

export interface TourOverviewProps {
  tours: readonly DisplayTour[];
  vehicles: readonly DispatchVehicle[];
  onOpen(tour: DisplayTour): void;
}

/** The tours of the day as a list below the timeline (setting tourOverviewEnabled). */
export function TourOverview({ tours, vehicles, onOpen }: TourOverviewProps) {
  const plates = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.license_plate]));
  const sorted = [...tours].sort((a, b) => tourSpan(a)[0] - tourSpan(b)[0] || tourNumberOf(a).localeCompare(tourNumberOf(b)));
  return (
    <section className="tour-overview panel" aria-label={text.title}>
      <h3 className="tour-overview__title">{text.title}</h3>
      {sorted.length === 0 ? (
        <p className="placeholder-text">{text.empty}</p>
      ) : (
        <table className="tour-overview__table">
          <thead>
            <tr>
              <th scope="col">{text.tour}</th>
              <th scope="col">{text.vehicle}</th>
              <th scope="col">{text.time}</th>
              <th scope="col">{text.status}</th>
              <th scope="col" className="numeric">
                {text.orders}
              </th>
              <th scope="col" className="numeric">
                {text.quantity}
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((tour) => {
              const [start, end] = tourSpan(tour);
              return (
                <tr key={tour.id}>
                  <td>
                    {tour.temporary ? (
                      messages.dispatchScreen.tourNew
                    ) : (
                      <button type="button" className="link-button" onClick={() => onOpen(tour)}>
                        {tourNumberOf(tour)}
                      </button>
                    )}
                    {tour.hasConflict && <span title={messages.dispatchScreen.conflictHint}> ⚠</span>}
                  </td>
                  <td>{tour.vehicle?.license_plate ?? plates.get(tour.vehicle_id) ?? tour.vehicle_id}</td>
                  <td>
                    {clockOf(start)}–{clockOf(end)}
                  </td>
                  <td>
                    <span className={`status-chip tour-block--${tour.status}`}>{tourStatusLabel(tour.status)}</span>
                  </td>
                  <td className="numeric">{tour.orders.length}</td>
                  <td className="numeric">{tourQuantity(tour)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
