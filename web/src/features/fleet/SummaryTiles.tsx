import { messages } from '@dispo/domain/messages';
import type { FleetSummary } from './fleetLogic';

/** §2 vehicle tab tiles: total, available, in use, maintenance, dispatch-enabled, and the availability rate of §9. */
export function SummaryTiles({ summary }: { summary: FleetSummary }) {
  const text = messages.fleetScreen.tiles;
  const tiles = [
    { key: 'total', label: text.total, value: String(summary.total) },
    { key: 'available', label: text.available, value: String(summary.available) },
    { key: 'in-use', label: text.inUse, value: String(summary.inUse) },
    { key: 'maintenance', label: text.maintenance, value: String(summary.maintenance) },
    { key: 'dispatch', label: text.dispatchEnabled, value: String(summary.dispatchEnabled) },
    { key: 'rate', label: text.availabilityRate, value: `${summary.availabilityRate} %` },
  ];
  return (
    <section className="fleet-tiles" aria-label={messages.fleetScreen.summaryLabel}>
      {tiles.map((tile) => (
        <div key={tile.key} className={`fleet-tile fleet-tile--${tile.key}`} data-testid={`tile-${tile.key}`}>
          <span className="fleet-tile__value">{tile.value}</span>
          <span className="fleet-tile__label">{tile.label}</span>
        </div>
      ))}
    </section>
  );
}
