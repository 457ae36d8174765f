import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { messages } from '@dispo/domain/messages';
import { type AnalyticsRange, type AnalyticsTour, useTourAnalytics } from '../../../api/vehicleAnalytics';
import { formatDate, formatEuro, formatNumber } from '../../../components/format';
import { TabState } from './TabState';

const a = messages.vehicleAnalytics;
const s = messages.vehicleAnalyticsScreen;
/** fleet.md §9: the revenue chart shows the first 10 days. */
export const REVENUE_CHART_DAYS = 10;

const time = (iso: string | null) => (iso ? iso.slice(11, 16) : '');

/** A tour's revenue as the table shows it: the amount, 'Schätzung (27t)', or that none was calculated. */
function revenueText(tour: AnalyticsTour): string {
  if (tour.calculatedRevenue === null) return tour.status === 'completed' ? a.noRevenue : '–';
  return tour.revenueEstimated || tour.calculatedRevenue < 0 ? `${formatEuro(tour.calculatedRevenue)} (${a.estimate})` : formatEuro(tour.calculatedRevenue);
}

/** Tourenanalyse: revenue per day (first 10 days) and each day's tours with their orders. */
export function ToursTab({ vehicleId, range }: { vehicleId: string; range: AnalyticsRange }) {
  const tours = useTourAnalytics(vehicleId, range);
  const days = tours.data ?? [];
  const chart = days.slice(0, REVENUE_CHART_DAYS).map((d) => ({ day: formatDate(d.date).slice(0, 6), revenue: d.totalRevenue }));
  return (
    <div className="vehicle-analytics__panel">
      <TabState pending={tours.isPending} error={tours.error} />
      {tours.data && days.length === 0 && <p className="vehicle-analytics__empty">{a.noTours}</p>}
      {days.length > 0 && (
        <section aria-label={s.revenueChart}>
          <h3 className="vehicle-analytics__heading">{s.revenueChart}</h3>
          <div className="vehicle-analytics__chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chart} margin={{ top: 8, right: 16, bottom: 4, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis tickFormatter={(v: number) => formatNumber(v)} width={56} />
                <Tooltip formatter={(v) => formatEuro(Number(v))} />
                <Bar dataKey="revenue" name={s.revenue} fill="#1f4e79" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </section>
      )}
      {days.map((day) => (
        <section key={day.date} className="vehicle-analytics__day">
          <h3 className="vehicle-analytics__day-head">
            <span>{formatDate(day.date)}</span>
            <span className="fleet-muted">
              {day.tours.length} {s.tours} · {day.orderCount} {s.orders} · {formatNumber(day.totalDistance)} km · {formatEuro(day.totalRevenue)}
            </span>
          </h3>
          <table className="vehicle-analytics__table">
            <thead>
              <tr>
                <th>{s.tourNumber}</th>
                <th>{s.time}</th>
                <th>{s.driver}</th>
                <th>{s.status}</th>
                <th className="num">{s.distance}</th>
                <th className="num">{s.revenue}</th>
              </tr>
            </thead>
            <tbody>
              {day.tours.map((tour) => (
                <TourRows key={tour.id} tour={tour} />
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

function TourRows({ tour }: { tour: AnalyticsTour }) {
  return (
    <>
      <tr className="vehicle-analytics__tour">
        <td>{tour.tourNumber}</td>
        <td>
          {time(tour.startTime)}
          {tour.endTime ? `–${time(tour.endTime)}` : ''}
        </td>
        <td>{tour.driverName ?? '–'}</td>
        <td>
          <span className={`vehicle-analytics__status vehicle-analytics__status--${tour.statusLabel}`}>{a.tourStatus[tour.statusLabel]}</span>
        </td>
        <td className="num">{formatNumber(tour.totalDistance)} km</td>
        <td className={`num${tour.calculatedRevenue === null && tour.status === 'completed' ? ' vehicle-analytics__missing' : ''}`}>{revenueText(tour)}</td>
      </tr>
      {tour.tourOrders.map((o) => (
        <tr key={o.id} className="vehicle-analytics__order">
          <td>{o.sequenceNumber}.</td>
          <td colSpan={2}>{o.transportOrder.customer.company ?? a.unknownCustomer}</td>
          <td>
            <span className={`vehicle-analytics__status vehicle-analytics__status--${o.statusLabel}`}>{a.tourStatus[o.statusLabel]}</span>
          </td>
          <td>
            {o.transportOrder.material.name ?? '–'} → {o.transportOrder.deliveryPlant?.name ?? o.transportOrder.deliveryAddress ?? a.unknownPlant}
          </td>
          <td className="num">
            {o.calculatedRevenue === null ? '–' : o.revenueEstimated ? `${formatEuro(o.calculatedRevenue)} (${a.estimate})` : formatEuro(o.calculatedRevenue)}
          </td>
        </tr>
      ))}
    </>
  );
}
