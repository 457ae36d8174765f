import { messages } from '@dispo/domain/messages';
import type { Trailer } from '../../api/fleetTypes';
import { formatDate, formatNumber } from '../../components/format';
import { Icon } from '../../components/icons';
import { StatusPill } from './badges';
import { maintenanceKindLabel, trailerTypeLabel } from './fleetLogic';

export interface TrailerListProps {
  trailers: readonly Trailer[];
  canWrite: boolean;
  today: string;
  onDetails(trailer: Trailer): void;
  onEdit(trailer: Trailer): void;
  onDelete(trailer: Trailer): void;
}

/** The next maintenance date of the trailer from today on, or the latest past one. */
function nextMaintenance(trailer: Trailer, today: string) {
  const dates = [...trailer.wartungstermine].filter((entry) => entry.datum).sort((a, b) => a.datum.localeCompare(b.datum));
  return dates.find((entry) => entry.datum >= today) ?? null;
}

/** §2 trailer list: plate, type, max weight, status, tractor unit or 'Nicht zugeordnet', next maintenance date, actions. */
export function TrailerList({ trailers, canWrite, today, onDetails, onEdit, onDelete }: TrailerListProps) {
  const text = messages.fleetScreen;
  const f = text.fields;
  return (
    <div className="panel fleet-table-wrap">
      <table className="fleet-table">
        <thead>
          <tr>
            <th scope="col">{f.licensePlate}</th>
            <th scope="col">{f.trailerType}</th>
            <th scope="col" className="fleet-table__number">
              {f.maxWeight}
            </th>
            <th scope="col">{f.status}</th>
            <th scope="col">{f.tractor}</th>
            <th scope="col">{f.nextMaintenance}</th>
            <th scope="col" className="fleet-table__actions">
              {text.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {trailers.map((trailer) => {
            const next = nextMaintenance(trailer, today);
            return (
              <tr key={trailer.id} data-trailer-id={trailer.id}>
                <td>
                  <button type="button" className="fleet-link" onClick={() => onDetails(trailer)}>
                    <span className="fleet-plate">{trailer.kennzeichen}</span>
                  </button>
                </td>
                <td>{trailerTypeLabel(trailer.typ)}</td>
                <td className="fleet-table__number">{trailer.maxWeight === null ? '' : `${formatNumber(trailer.maxWeight)} kg`}</td>
                <td>
                  <StatusPill status={trailer.status} />
                </td>
                <td>
                  {trailer.zugmaschine ? (
                    <span className="fleet-plate fleet-plate--small">{trailer.zugmaschine.licensePlate}</span>
                  ) : (
                    <span className="fleet-muted">{messages.fleet.notAssigned}</span>
                  )}
                </td>
                <td>{next ? `${maintenanceKindLabel(next.art)} ${formatDate(next.datum)}` : ''}</td>
                <td className="fleet-table__actions">
                  <div className="fleet-actions">
                    <button
                      type="button"
                      className="icon-button icon-button--small"
                      aria-label={text.actionOn(text.details, trailer.kennzeichen)}
                      title={text.details}
                      onClick={() => onDetails(trailer)}
                    >
                      <Icon name="details" size={16} />
                    </button>
                    {canWrite && (
                      <>
                        <button
                          type="button"
                          className="icon-button icon-button--small"
                          aria-label={text.actionOn(text.edit, trailer.kennzeichen)}
                          title={text.edit}
                          onClick={() => onEdit(trailer)}
                        >
                          <Icon name="edit" size={16} />
                        </button>
                        <button
                          type="button"
                          className="icon-button icon-button--small icon-button--danger"
                          aria-label={text.actionOn(text.delete, trailer.kennzeichen)}
                          title={text.delete}
                          onClick={() => onDelete(trailer)}
                        >
                          <Icon name="delete" size={16} />
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
