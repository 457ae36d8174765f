import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';

export interface FleetTableColumn {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
}

/** The table of a fleet tab (trailers, fuel cards): a header row, the rows, and the actions column when asked for. */
export function FleetTable({
  columns,
  actions,
  children,
}: {
  columns: readonly FleetTableColumn[];
  actions: boolean;
  children: ReactNode;
}) {
  return (
    <div className="panel fleet-table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'data-table__number' : undefined}>
                {column.label}
              </th>
            ))}
            {actions && (
              <th scope="col" className="data-table__actions">
                {messages.fleetScreen.actions}
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The plate of the vehicle a row is assigned to, or 'Nicht zugeordnet'. */
export function AssignedPlate({ plate }: { plate: string | null | undefined }) {
  return plate ? (
    <span className="fleet-plate fleet-plate--small">{plate}</span>
  ) : (
    <span className="fleet-muted">{messages.fleet.notAssigned}</span>
  );
}
