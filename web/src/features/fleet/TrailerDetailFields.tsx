import { messages } from '@dispo/domain/messages';
import type { MaintenanceDate, Trailer } from '../../api/fleetTypes';
import { formatDate, formatDateTime } from '../../components/format';
import { DateBadge, VehicleStatusPill } from './badges';
import { DetailItem } from './DetailItem';
import { dateBadge, maintenanceKindLabel, trailerTypeLabel, withUnit } from './fleetLogic';
import './fleet.css';

/** §4 badge of a trailer's maintenance date: within 30 days or past. */
function TrailerDateBadge({ entry, today }: { entry: MaintenanceDate; today: string }) {
  const badge = dateBadge(entry.art, maintenanceKindLabel(entry.art), entry.datum, today);
  return badge && <DateBadge badge={badge} />;
}

/** Tab Allgemein of the trailer details; also the layout of a trailer's past state in its `Verlauf`. */
export function TrailerDetailFields({ trailer, today }: { trailer: Trailer; today: string }) {
  const text = messages.fleetScreen;
  const f = text.fields;
  const dates = [...trailer.wartungstermine].sort((a, b) => a.datum.localeCompare(b.datum));
  return (
    <dl className="fleet-detail__list">
      <DetailItem label={f.licensePlate}>{trailer.kennzeichen}</DetailItem>
      <DetailItem label={f.trailerType}>{trailerTypeLabel(trailer.typ)}</DetailItem>
      <DetailItem label={f.maxWeightKg}>{withUnit(trailer.maxWeight, 'kg')}</DetailItem>
      <DetailItem label={f.status}>
        <VehicleStatusPill status={trailer.status} />
      </DetailItem>
      <DetailItem label={f.createdAt}>{trailer.createdAt ? formatDateTime(trailer.createdAt) : null}</DetailItem>
      <DetailItem label={f.tractor}>{trailer.zugmaschine?.licensePlate ?? messages.fleet.notAssigned}</DetailItem>
      <DetailItem label={f.maintenanceDates}>
        {dates.length === 0 ? null : (
          <ul className="fleet-plain-list">
            {dates.map((entry, index) => (
              <li key={`${entry.art}-${entry.datum}-${index}`} className="fleet-cell-row">
                {maintenanceKindLabel(entry.art)} {formatDate(entry.datum)}
                <TrailerDateBadge entry={entry} today={today} />
              </li>
            ))}
          </ul>
        )}
      </DetailItem>
      <DetailItem label={f.notes}>{trailer.notizen}</DetailItem>
    </dl>
  );
}
