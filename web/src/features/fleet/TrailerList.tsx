import { messages } from '@dispo/domain/messages';
import type { Trailer } from '../../api/fleetTypes';
import { formatDate } from '../../components/format';
import { DateBadge, VehicleStatusPill } from './badges';
import { FleetTable, AssignedPlate } from './FleetTable';
import { dateBadge, maintenanceKindLabel, nextTrailerMaintenance, trailerTypeLabel, withUnit } from './fleetLogic';
import { RowActions } from './RowActions';
import { MaintenanceBadge, WorkshopActions } from './workshop/WorkshopActions';

export interface TrailerListProps {
  trailers: readonly Trailer[];
  canWrite: boolean;
  today: string;
  onDetails(trailer: Trailer): void;
  onEdit(trailer: Trailer): void;
  onDelete(trailer: Trailer): void;
  workshop: { canPlan: boolean; onPlan(trailer: Trailer): void; onComplete(trailer: Trailer): void; onHistory(trailer: Trailer): void };
}

/** §2 trailer list: plate, type, max weight, status, tractor unit or 'Nicht zugeordnet', next maintenance date, actions. */
export function TrailerList({ trailers, canWrite, today, onDetails, onEdit, onDelete, workshop }: TrailerListProps) {
  const f = messages.fleetScreen.fields;
  const columns = [
    { label: f.licensePlate },
    { label: f.trailerType },
    { label: f.maxWeight, numeric: true },
    { label: f.status },
    { label: f.tractor },
    { label: f.nextMaintenance },
  ];
  return (
    <FleetTable columns={columns} actions>
      {trailers.map((trailer) => {
        const next = nextTrailerMaintenance(trailer.wartungstermine, today);
        const badge = next ? dateBadge(next.art, maintenanceKindLabel(next.art), next.datum, today) : null;
        return (
          <tr key={trailer.id} data-trailer-id={trailer.id}>
            <td>
              <button type="button" className="fleet-link" onClick={() => onDetails(trailer)}>
                <span className="fleet-plate">{trailer.kennzeichen}</span>
              </button>
            </td>
            <td>{trailerTypeLabel(trailer.typ)}</td>
            <td className="data-table__number">{withUnit(trailer.maxWeight, 'kg') ?? ''}</td>
            <td>
              <VehicleStatusPill status={trailer.status} />
            </td>
            <td>
              <AssignedPlate plate={trailer.zugmaschine?.licensePlate} />
            </td>
            <td>
              <span className="fleet-cell-row fleet-cell-row--wrap">
                {next ? `${maintenanceKindLabel(next.art)} ${formatDate(next.datum)}` : ''}
                {badge && <DateBadge badge={badge} />}
                <MaintenanceBadge appointments={trailer.workshop_appointments ?? []} today={today} />
              </span>
            </td>
            <td className="data-table__actions">
              <div className="fleet-actions workshop-row-actions">
              <WorkshopActions
                target={trailer.kennzeichen}
                appointments={trailer.workshop_appointments ?? []}
                today={today}
                canPlan={workshop.canPlan}
                handlers={{ onPlan: () => workshop.onPlan(trailer), onComplete: () => workshop.onComplete(trailer), onHistory: () => workshop.onHistory(trailer) }}
              />
              <RowActions
                target={trailer.kennzeichen}
                canWrite={canWrite}
                onDetails={() => onDetails(trailer)}
                onEdit={() => onEdit(trailer)}
                onDelete={() => onDelete(trailer)}
              />
              </div>
            </td>
          </tr>
        );
      })}
    </FleetTable>
  );
}
