import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { messages } from '@dispo/domain/messages';
import { type AnalyticsRange, useUtilization } from '../../../api/vehicleAnalytics';
import { formatDate, formatEuro, formatNumber } from '../../../components/format';
import { Kpi, TabState } from './TabState';

const a = messages.vehicleAnalytics;
const s = messages.vehicleAnalyticsScreen;
/** fleet.md §9: daily performance shows the first 14 days. */
export const DAILY_PERFORMANCE_DAYS = 14;

const RATING_TONE = { excellent: 'good', good: 'good', moderate: 'warn', low: 'bad' } as const;
const BAND_COLOR = { high: '#2e7d32', medium: '#f0a202', low: '#c62828' } as const;

/** Auslastung: rate and rating, days, averages, efficiency grade, trends, recommendations, daily performance. */
export function UtilizationTab({ vehicleId, range }: { vehicleId: string; range: AnalyticsRange }) {
  const utilization = useUtilization(vehicleId, range);
  const u = utilization.data;
  const days = u ? u.tourStats.dailyPerformance.slice(0, DAILY_PERFORMANCE_DAYS) : [];
  const chart = days.map((d) => ({ day: formatDate(d.date).slice(0, 6), utilization: d.utilization, band: d.band }));
  return (
    <div className="vehicle-analytics__panel">
      <TabState pending={utilization.isPending} error={utilization.error} />
      {u && u.activeDays === 0 && <p className="vehicle-analytics__empty">{a.noUtilizationData}</p>}
      {u && u.activeDays > 0 && (
        <>
          <div className="vehicle-analytics__kpis">
            <Kpi label={s.utilizationRate} value={`${formatNumber(u.utilizationRate)} %`} note={a.utilizationRatings[u.rating]} tone={RATING_TONE[u.rating]} />
            <Kpi label={s.activeDays} value={`${u.activeDays} / ${u.totalDays}`} note={s.totalDays} />
            <Kpi label={s.workingHoursPerDay} value={`${formatNumber(u.workingHoursPerDay)} h`} />
            <Kpi label={s.averageOrdersPerDay} value={formatNumber(u.averageOrdersPerDay)} note={`${u.totalOrders} ${s.orders}`} />
            <Kpi label={s.averageDistancePerDay} value={formatNumber(u.averageDistancePerDay)} note={`${formatNumber(u.totalDistance)} km`} />
            <Kpi label={s.efficiency} value={`${formatNumber(u.efficiencyScore)}`} note={`${s.grade} ${u.efficiencyGrade}`} tone={u.efficiencyGrade <= 'B' ? 'good' : u.efficiencyGrade === 'C' ? 'warn' : 'bad'} />
          </div>
          <h3 className="vehicle-analytics__heading">{s.trends}</h3>
          <ul className="vehicle-analytics__trends">
            <li className={u.trends.utilization ? 'up' : 'down'}>{s.trendUtilization(u.trends.utilization)}</li>
            <li className={u.trends.orders ? 'up' : 'down'}>{s.trendOrders(u.trends.orders)}</li>
            <li className={u.trends.distance ? 'up' : 'down'}>{s.trendDistance(u.trends.distance)}</li>
          </ul>
          <h3 className="vehicle-analytics__heading">{s.recommendationsTitle}</h3>
          <ul className="vehicle-analytics__recommendations">
            {u.recommendations.map((r) => (
              <li key={r}>{s.recommendations[r]}</li>
            ))}
            {u.recommendations.length === 0 && <li>{s.recommendations.none}</li>}
          </ul>
          <h3 className="vehicle-analytics__heading">{s.dailyPerformance}</h3>
          <div className="vehicle-analytics__chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chart} margin={{ top: 8, right: 16, bottom: 4, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis domain={[0, 100]} unit=" %" width={56} />
                <Tooltip formatter={(v) => `${formatNumber(Number(v))} %`} />
                <ReferenceLine y={80} stroke={BAND_COLOR.high} strokeDasharray="4 4" />
                <ReferenceLine y={60} stroke={BAND_COLOR.medium} strokeDasharray="4 4" />
                <Bar dataKey="utilization" name={s.utilizationRate} isAnimationActive={false}>
                  {chart.map((d) => (
                    <Cell key={d.day} fill={BAND_COLOR[d.band]} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <table className="vehicle-analytics__table">
            <thead>
              <tr>
                <th>{s.day}</th>
                <th className="num">{s.tours}</th>
                <th className="num">{s.orders}</th>
                <th className="num">{s.distance}</th>
                <th className="num">{s.revenue}</th>
                <th>{s.utilizationRate}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <td>{formatDate(d.date)}</td>
                  <td className="num">{d.tours}</td>
                  <td className="num">{d.orders}</td>
                  <td className="num">{formatNumber(d.distance)} km</td>
                  <td className="num">{formatEuro(d.revenue)}</td>
                  <td>
                    <span style={{ color: BAND_COLOR[d.band] }}>●</span> {formatNumber(d.utilization)} % – {s.dayUtilization[d.band]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
