import type { ColDef, GetRowIdParams, GridApi, RowSelectionOptions, SelectionChangedEvent } from 'ag-grid-community';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { messages } from '@dispo/domain/messages';
import type { Vehicle } from '../../api/fleetTypes';
import { gridLocaleText, gridTheme } from '../../components/agGrid';
import { DeadlineBadges, DispatchBadge, DispatchSwitch, VehicleStatusPill } from './badges';
import { deadlineBadges, vehicleStatusLabel, vehicleTypeLabel } from './fleetLogic';
import { VehicleActions } from './VehicleActions';
import { MaintenanceBadge } from './workshop/WorkshopActions';
import { homeText, type VehicleListProps, vehicleModelText } from './VehicleCards';

/** What the cells call; the getters always read the page's latest state. */
interface TableContext {
  list(): Omit<VehicleListProps, 'vehicles' | 'selected' | 'onSelect'>;
}

type Cell = CustomCellRendererProps<Vehicle, unknown, TableContext>;

function PlateCell({ data }: Cell) {
  if (!data) return null;
  return (
    <span className="fleet-cell-stack">
      <span className="fleet-plate">{data.license_plate}</span>
      <span className="fleet-cell-muted">{vehicleModelText(data)}</span>
    </span>
  );
}

function StatusCell({ data }: Cell) {
  return data ? <VehicleStatusPill status={data.status} /> : null;
}

function DispatchCell({ data, context }: Cell) {
  if (!data) return null;
  const list = context.list();
  return (
    <span className="fleet-cell-row">
      <DispatchSwitch
        vehicle={data}
        disabled={!list.canWrite}
        busy={list.dispatchPendingId === data.id}
        onToggle={() => list.onToggleDispatch(data)}
      />
      <DispatchBadge vehicle={data} />
    </span>
  );
}

function DeadlinesCell({ data, context }: Cell) {
  if (!data) return null;
  return (
    <span className="fleet-cell-row fleet-cell-row--wrap">
      <DeadlineBadges vehicle={data} today={context.list().today} />
      <MaintenanceBadge appointments={data.workshop_appointments} today={context.list().today} />
    </span>
  );
}

function ActionsCell({ data, context }: Cell) {
  if (!data) return null;
  const list = context.list();
  return <VehicleActions vehicle={data} actions={list.actions} canWrite={list.canWrite} today={list.today} />;
}

const sameIds = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));

/** The table view of the vehicle list (§2) on ag-grid: sorting in the browser, checkboxes and select-all in the header. */
export function VehicleTable({
  vehicles,
  selected,
  ...rest
}: Omit<VehicleListProps, 'onSelect'> & { onSelectionChange(ids: Set<string>): void }) {
  const text = messages.fleetScreen;
  const { onSelectionChange, ...listProps } = rest;
  const latest = useRef(listProps);
  const selectedRef = useRef(selected);
  const onSelectionRef = useRef(onSelectionChange);
  const apiRef = useRef<GridApi<Vehicle> | null>(null);
  useEffect(() => {
    latest.current = listProps;
    selectedRef.current = selected;
    onSelectionRef.current = onSelectionChange;
  });

  const context = useMemo<TableContext>(() => ({ list: () => latest.current }), []);

  const columnDefs = useMemo<ColDef<Vehicle>[]>(
    () => [
      {
        colId: 'plate',
        headerName: text.fields.licensePlate,
        valueGetter: ({ data }) => data?.license_plate ?? '',
        cellRenderer: PlateCell,
        flex: 1.4,
        minWidth: 190,
        sort: 'asc',
      },
      {
        colId: 'type',
        headerName: text.fields.vehicleType,
        valueGetter: ({ data }) => vehicleTypeLabel(data?.vehicle_type),
        flex: 1,
        minWidth: 130,
      },
      {
        colId: 'home',
        headerName: text.fields.home,
        valueGetter: ({ data }) => (data ? homeText(data) : ''),
        flex: 1,
        minWidth: 130,
      },
      {
        colId: 'driver',
        headerName: text.fields.driver,
        valueGetter: ({ data }) => data?.assigned_driver?.full_name ?? '',
        flex: 1,
        minWidth: 120,
      },
      {
        colId: 'status',
        headerName: text.fields.status,
        valueGetter: ({ data }) => vehicleStatusLabel(data?.status),
        cellRenderer: StatusCell,
        width: 130,
      },
      {
        colId: 'dispatch',
        headerName: text.dispatchColumn,
        valueGetter: ({ data }) => (data?.enabled_for_dispatch ? 1 : 0),
        cellRenderer: DispatchCell,
        width: 160,
      },
      {
        colId: 'deadlines',
        headerName: text.deadlinesColumn,
        valueGetter: ({ data }) => (data ? (deadlineBadges(data, latest.current.today)[0]?.days ?? Number.POSITIVE_INFINITY) : null),
        cellRenderer: DeadlinesCell,
        flex: 1.6,
        minWidth: 220,
      },
      {
        colId: 'actions',
        headerName: text.actions,
        cellRenderer: ActionsCell,
        sortable: false,
        resizable: false,
        width: 128,
      },
    ],
    [text],
  );

  const defaultColDef = useMemo<ColDef<Vehicle>>(() => ({ sortable: true, suppressHeaderMenuButton: true }), []);
  const rowSelection = useMemo<RowSelectionOptions<Vehicle>>(
    () => ({ mode: 'multiRow', checkboxes: true, headerCheckbox: true, selectAll: 'filtered', enableClickSelection: false }),
    [],
  );
  const getRowId = useCallback((params: GetRowIdParams<Vehicle>) => params.data.id, []);

  /** The grid shows the page's selection (switching views keeps it). */
  const showSelection = useCallback((api: GridApi<Vehicle>) => {
    const wanted = selectedRef.current;
    const toSelect: NonNullable<ReturnType<GridApi<Vehicle>['getRowNode']>>[] = [];
    const toClear: typeof toSelect = [];
    api.forEachNode((node) => {
      const want = Boolean(node.data && wanted.has(node.data.id));
      if (want && !node.isSelected()) toSelect.push(node);
      if (!want && node.isSelected()) toClear.push(node);
    });
    if (toSelect.length > 0) api.setNodesSelected({ nodes: toSelect, newValue: true, source: 'api' });
    if (toClear.length > 0) api.setNodesSelected({ nodes: toClear, newValue: false, source: 'api' });
  }, []);

  useEffect(() => {
    if (apiRef.current) showSelection(apiRef.current);
  }, [selected, showSelection]);

  // The switches show which toggle is on its way.
  useEffect(() => {
    apiRef.current?.refreshCells({ columns: ['dispatch'], force: true });
  }, [listProps.dispatchPendingId, listProps.canWrite]);

  return (
    <div className="fleet-grid">
      <AgGridReact<Vehicle>
        theme={gridTheme}
        localeText={gridLocaleText}
        rowData={vehicles as Vehicle[]}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        context={context}
        getRowId={getRowId}
        {...(listProps.canWrite ? { rowSelection } : {})}
        selectionColumnDef={{ width: 48, minWidth: 48, maxWidth: 48, suppressHeaderMenuButton: true, resizable: false }}
        domLayout="autoHeight"
        rowHeight={60}
        suppressOverlays={['loading', 'noRows', 'noMatchingRows']}
        suppressColumnVirtualisation
        suppressMovableColumns
        suppressCellFocus
        animateRows={false}
        enableCellTextSelection
        ensureDomOrder
        onGridReady={(event) => {
          apiRef.current = event.api;
          showSelection(event.api);
        }}
        onGridPreDestroyed={() => {
          apiRef.current = null;
        }}
        onRowDataUpdated={(event) => showSelection(event.api)}
        onSelectionChanged={(event: SelectionChangedEvent<Vehicle>) => {
          if (event.source === 'api' || event.source === 'rowDataChanged') return;
          const ids = new Set(event.api.getSelectedRows().map((vehicle) => vehicle.id));
          if (!sameIds(ids, selectedRef.current)) onSelectionRef.current(ids);
        }}
      />
    </div>
  );
}
