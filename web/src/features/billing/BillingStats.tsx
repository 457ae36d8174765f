import { messages } from '@dispo/domain/messages';
import type { BillingGroupStats, BillingStats } from '../../api/billing';
import { formatNumber } from '../../components/format';
import { money, signedTonnes } from './billingLogic';

const text = messages.billingScreen.stats;

function Tile({ label, group, tone }: { label: string; group: BillingGroupStats; tone: string }) {
  return (
    <div className={`billing__tile billing__tile--${tone}`}>
      <span className="billing__tile-label">{label}</span>
      <span className="billing__tile-value">{text.orders(group.count)}</span>
      <span className="billing__secondary">
        {text.tonnes(formatNumber(group.actualTonnes))} · {money(group.revenue)}
      </span>
    </div>
  );
}

/** The sums of the filtered period: pending, settled, taken back; weights compared; the tariff's revenue. */
export function BillingStatsTiles({ stats }: { stats: BillingStats }) {
  return (
    <section className="billing__tiles" aria-label={text.label}>
      <Tile label={text.pending} group={stats.pending} tone="processing" />
      <Tile label={text.confirmed} group={stats.confirmed} tone="confirmed" />
      <Tile label={text.undone} group={stats.undone} tone="undone" />
      <div className="billing__tile">
        <span className="billing__tile-label">{text.weights}</span>
        <span className="billing__tile-value">
          {formatNumber(stats.estimatedWeight)} / {formatNumber(stats.actualWeight)} t
        </span>
        <span className="billing__secondary">{text.difference(signedTonnes(stats.weightDifference).replace(/ t$/, ''))}</span>
      </div>
      <div className="billing__tile">
        <span className="billing__tile-label">{text.revenue}</span>
        <span className="billing__tile-value">{money(stats.revenue)}</span>
        {stats.withoutRevenue > 0 && <span className="billing__secondary">{text.withoutRevenue(stats.withoutRevenue)}</span>}
      </div>
    </section>
  );
}
