import { messages } from '@dispo/domain/messages';
import type { ReactElement } from 'react';
import { Bar, BarChart, Cell, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MaterialStat, OrderMetrics, Statistics, VehicleStat } from '../../api/statistics';
import { formatDate } from '../../components/format';

const text = { ...messages.statistics, ...messages.statisticsScreen };
const c = text.columns;

const oneDecimal = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
/** §2.14: weights with one decimal in t. */
export const tons = (value: number) => text.tons(oneDecimal.format(value));
const count = (value: number) => whole.format(value);
const percent = (value: number) => text.percent(oneDecimal.format(value));

/** Chart colours: the app's blue, and muted partners for comparisons. */
const COLORS = { primary: '#1f56c2', secondary: '#8fb0e8', accent: '#0f7b6c', warning: '#b54708', danger: '#b42318' };
/** Status bars in the colours the order table uses for them. */
const STATUS_COLORS: Record<string, string> = {
  offen: '#64748b',
  disponiert: COLORS.primary,
  unterwegs: '#6941c6',
  geliefert: COLORS.accent,
  abgeschlossen: COLORS.accent,
  abgerechnet: '#067647',
  problem: COLORS.warning,
  storniert: COLORS.danger,
  storno: COLORS.danger,
};
const TOP_ROUTES_SHOWN = 5;
const VEHICLES_CHARTED = 15;

const statusLabel = (status: string) => (messages.labels.orderStatus as Readonly<Record<string, string>>)[status] ?? status;
const shortDate = (iso: string) => formatDate(iso).slice(0, 6);

function Empty() {
  return <p className="statistics__empty">{messages.empty.data}</p>;
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'good' | 'bad' }) {
  return (
    <div className={`statistics__figure${tone ? ` statistics__figure--${tone}` : ''}`}>
      <span className="statistics__figure-label">{label}</span>
      <span className="statistics__figure-value">{value}</span>
    </div>
  );
}

function ChartCard({ title, children, height = 260 }: { title: string; children: ReactElement; height?: number }) {
  return (
    <section className="statistics__card" aria-label={title}>
      <h3 className="statistics__card-title">{title}</h3>
      <div className="statistics__chart" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </section>
  );
}

interface FigureColumn<T> {
  header: string;
  cell(row: T): string;
  /** Right-aligned figures. */
  number?: boolean;
}

/** A tab's table: one row per material or vehicle, the figures right-aligned. */
function FigureTable<T>({ label, rows, rowKey, columns }: { label: string; rows: readonly T[]; rowKey(row: T): string; columns: FigureColumn<T>[] }) {
  const align = (column: FigureColumn<T>) => (column.number ? 'data-table__number' : undefined);
  return (
    <table className="data-table statistics__table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={align(column)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.header} className={align(column)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Übersicht: the last day's summary, the period's counts and rates, statuses and the top 5 routes. */
export function OverviewTab({ stats }: { stats: Statistics }) {
  const { summary, metrics } = stats;
  const statuses = Object.entries(metrics.statusDistribution)
    .map(([status, n]) => ({ status, label: statusLabel(status), orderCount: n }))
    .sort((a, b) => b.orderCount - a.orderCount);
  const routes = metrics.topRoutes
    .slice(0, TOP_ROUTES_SHOWN)
    .map((r) => ({ ...r, label: text.routeLabel(r.fromPlantName, r.toPlantName) }));
  return (
    <div className="statistics__tab">
      <section className="statistics__card" aria-label={text.summaryFor(formatDate(summary.date))}>
        <h3 className="statistics__card-title">{text.summaryFor(formatDate(summary.date))}</h3>
        <div className="statistics__figures">
          <Figure label={text.dispatchedToday} value={count(summary.dispatchedToday)} />
          <Figure label={text.completedToday} value={count(summary.completedToday)} />
          <Figure label={text.openOrders} value={count(summary.openOrders)} />
          <Figure label={text.estimatedWeight} value={tons(summary.estimatedWeight)} />
          <Figure label={text.actualWeight} value={tons(summary.actualWeight)} />
          <Figure
            label={text.weightDifference}
            value={tons(summary.weightDifference)}
            tone={summary.weightDifference < 0 ? 'bad' : undefined}
          />
        </div>
      </section>
      <section className="statistics__card" aria-label={text.periodOrders}>
        <div className="statistics__figures">
          <Figure label={text.periodOrders} value={count(metrics.totalOrders)} />
          <Figure label={text.cancellationRate} value={percent(metrics.rates.cancellationRate)} />
          <Figure label={text.problemRate} value={percent(metrics.rates.problemRate)} />
        </div>
      </section>
      {metrics.totalOrders === 0 ? (
        <Empty />
      ) : (
        <div className="statistics__grid">
          <ChartCard title={text.statusDistribution}>
            <BarChart data={statuses} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tickFormatter={count} tick={{ fontSize: 12 }} />
              <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(value) => [count(Number(value)), c.orders]} />
              <Bar dataKey="orderCount" name={c.orders} isAnimationActive={false}>
                {statuses.map((s) => (
                  <Cell key={s.status} fill={STATUS_COLORS[s.status] ?? COLORS.primary} />
                ))}
              </Bar>
            </BarChart>
          </ChartCard>
          <ChartCard title={text.topRoutes}>
            <BarChart data={routes} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tickFormatter={count} tick={{ fontSize: 12 }} />
              <YAxis type="category" dataKey="label" width={230} tick={{ fontSize: 11 }} />
              <Tooltip formatter={(value) => [count(Number(value)), c.orders]} />
              <Bar dataKey="orderCount" name={c.orders} fill={COLORS.primary} isAnimationActive={false} />
            </BarChart>
          </ChartCard>
        </div>
      )}
    </div>
  );
}

/** Materialien: planned against weighed tonnes per material, and the table with counts and average order size. */
export function MaterialsTab({ materials }: { materials: MaterialStat[] }) {
  if (materials.length === 0) return <Empty />;
  return (
    <div className="statistics__tab">
      <ChartCard title={text.materialWeights} height={300}>
        <BarChart data={materials} margin={{ top: 8, right: 16, bottom: 40, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="materialName" tick={{ fontSize: 11 }} interval={0} angle={-25} textAnchor="end" />
          <YAxis
            tickFormatter={count}
            tick={{ fontSize: 12 }}
            label={{ value: text.axisTons, angle: -90, position: 'insideLeft', fontSize: 12 }}
          />
          <Tooltip formatter={(value, name) => [tons(Number(value)), name]} />
          <Legend verticalAlign="top" />
          <Bar dataKey="estimatedWeight" name={c.estimatedWeight} fill={COLORS.secondary} isAnimationActive={false} />
          <Bar dataKey="actualWeight" name={c.actualWeight} fill={COLORS.primary} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <FigureTable
        label={text.materialTable}
        rows={materials}
        rowKey={(m) => m.materialId}
        columns={[
          { header: c.material, cell: (m) => m.materialName },
          { header: c.orders, cell: (m) => count(m.orderCount), number: true },
          { header: c.estimatedWeight, cell: (m) => oneDecimal.format(m.estimatedWeight), number: true },
          { header: c.actualWeight, cell: (m) => oneDecimal.format(m.actualWeight), number: true },
          { header: c.averageOrderSize, cell: (m) => oneDecimal.format(m.averageOrderSize), number: true },
        ]}
      />
    </div>
  );
}

/** Trends: orders per day over the period, and per delivery hour (§2.14: hours without orders hidden). */
export function TrendsTab({ metrics }: { metrics: OrderMetrics }) {
  if (metrics.totalOrders === 0) return <Empty />;
  const days = metrics.dailyTrends.map((d) => ({ ...d, label: shortDate(d.date), full: formatDate(d.date) }));
  const hours = metrics.hourlyDistribution.filter((h) => h.orderCount > 0).map((h) => ({ ...h, label: text.hourLabel(h.hour) }));
  return (
    <div className="statistics__tab">
      <ChartCard title={text.dailyTrends} height={280}>
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis
            allowDecimals={false}
            tickFormatter={count}
            tick={{ fontSize: 12 }}
            label={{ value: text.axisOrders, angle: -90, position: 'insideLeft', fontSize: 12 }}
          />
          <Tooltip
            labelFormatter={(_, payload) => String(payload?.[0]?.payload?.full ?? '')}
            formatter={(value) => [count(Number(value)), c.orders]}
          />
          <Line
            type="linear"
            dataKey="orderCount"
            name={c.orders}
            stroke={COLORS.primary}
            strokeWidth={2}
            dot={days.length <= 31}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>
      {hours.length === 0 ? (
        <Empty />
      ) : (
        <ChartCard title={text.hourlyDistribution} height={240}>
          <BarChart data={hours} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tickFormatter={count} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => [count(Number(value)), c.orders]} />
            <Bar dataKey="orderCount" name={c.orders} fill={COLORS.accent} isAnimationActive={false} />
          </BarChart>
        </ChartCard>
      )}
    </div>
  );
}

/** Fahrzeuge: tonnes per vehicle (the busiest 15 charted), and every vehicle in the table. */
export function VehiclesTab({ vehicles }: { vehicles: VehicleStat[] }) {
  if (vehicles.length === 0) return <Empty />;
  const charted = [...vehicles].sort((a, b) => b.totalWeight - a.totalWeight).slice(0, VEHICLES_CHARTED);
  return (
    <div className="statistics__tab">
      <ChartCard title={text.vehicleWeights} height={300}>
        <BarChart data={charted} margin={{ top: 8, right: 16, bottom: 40, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="licensePlate" tick={{ fontSize: 11 }} interval={0} angle={-30} textAnchor="end" />
          <YAxis
            tickFormatter={count}
            tick={{ fontSize: 12 }}
            label={{ value: text.axisTons, angle: -90, position: 'insideLeft', fontSize: 12 }}
          />
          <Tooltip formatter={(value, name) => [tons(Number(value)), name]} />
          <Bar dataKey="totalWeight" name={c.totalWeight} fill={COLORS.primary} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <FigureTable
        label={text.vehicleTable}
        rows={vehicles}
        rowKey={(v) => v.licensePlate}
        columns={[
          { header: c.licensePlate, cell: (v) => v.licensePlate },
          { header: c.orders, cell: (v) => count(v.orderCount), number: true },
          { header: c.totalWeight, cell: (v) => oneDecimal.format(v.totalWeight), number: true },
          { header: c.averageWeight, cell: (v) => oneDecimal.format(v.averageWeight), number: true },
        ]}
      />
    </div>
  );
}
