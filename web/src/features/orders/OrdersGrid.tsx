import type {
  CellEditRequestEvent,
  ColDef,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  OverlayType,
  PostSortRowsParams,
  RowClassRules,
  RowDataUpdatedEvent,
  RowSelectionOptions,
  SelectionChangedEvent,
  SelectionColumnDef,
  SortChangedEvent,
  SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { gridLocaleText, gridTheme } from '../../components/agGrid';
import type { Order, OrderSortBy, SortOrder } from '../../api/types';
import { ActionsCell, BillingCell, OrderCell, RouteCell, ScheduleCell, StatusCell } from './cells';
import { DeliveryDataEditor, MaterialEditor, ScheduleEditor, StatusEditor } from './editors';
import type { Density } from './FilterBar';
import { acceptsDeliveryDataEntry, isLockedOrder, isSettled, todayInBerlin } from './format';
import type { DeliveryDataValue, EditFocus, GridContext, InlineChange, MaterialValue, RowActions, ScheduleValue } from './gridContext';
import { timeInputOf } from './time';

/** ag-grid's default: rows rendered beyond the visible ones, so that scrolling finds them ready. */
const SCROLL_ROW_BUFFER = 10;

/** Runs `task` when the browser has nothing else to do (at the latest after a second); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 100);
  return () => clearTimeout(timer);
}

/** Row heights of the density selector (§2.3). */
export const ROW_HEIGHTS: Record<Density, number> = { compact: 46, normal: 62, spacious: 78 };

/** Which server sort key a column header sorts by (docs/api/orders.md). */
const SORT_KEYS: Partial<Record<string, OrderSortBy>> = {
  schedule: 'deliveryDate',
  order: 'orderNumber',
  route: 'material',
  status: 'status',
};
const COLUMN_OF_SORT: Partial<Record<string, string>> = Object.fromEntries(Object.entries(SORT_KEYS).map(([column, key]) => [key, column]));

/** F2 is "new order" and Delete "delete the selection" (§2.1), not the grid's edit/clear keys. */
function suppressPageKeys(params: SuppressKeyboardEventParams<Order>): boolean {
  if (params.editing) return false;
  const { key } = params.event;
  return (
    key === 'F2' || key === 'Delete' || key === 'Backspace' || (key.toLowerCase() === 'a' && (params.event.ctrlKey || params.event.metaKey))
  );
}

const sameSchedule = (a: ScheduleValue | null, b: ScheduleValue | null) => a?.date === b?.date && a?.time === b?.time;
const sameMaterial = (a: MaterialValue | null, b: MaterialValue | null) => a?.materialId === b?.materialId && a?.quantity === b?.quantity;
const editable = (params: { data: Order | undefined; context: GridContext }) =>
  Boolean(params.context.canWrite() && params.data && !isLockedOrder(params.data));
const sameDeliveryData = (a: DeliveryDataValue | null, b: DeliveryDataValue | null) => a?.slip === b?.slip && a?.weight === b?.weight;
/** The Abrechnung column takes slip number and weight only where the order accepts them and the user may enter them. */
const deliveryDataEditable = (params: { data: Order | undefined; context: GridContext }) =>
  Boolean(params.data && params.context.canRecordDeliveryData() && acceptsDeliveryDataEntry(params.data));
const keepServerOrder = () => 0;

/** The server sorts; the grid keeps the rows in the order of its rowData, as they came. */
function keepServerRowOrder({ api, nodes }: PostSortRowsParams<Order>): void {
  const order = new Map((api.getGridOption('rowData') ?? []).map((row, index) => [row.id, index]));
  nodes.sort((a, b) => (order.get(a.id ?? '') ?? 0) - (order.get(b.id ?? '') ?? 0));
}

// The options below never change. They are constants (and the handlers stable callbacks), because
// ag-grid applies every option whose value is a new object after a render again: a new
// selectionColumnDef rebuilds the columns, new rowClassRules restyle every row, a new postSortRows
// sorts the rows again.
const SELECTION_COLUMN_DEF: SelectionColumnDef = {
  width: 48,
  minWidth: 48,
  maxWidth: 48,
  suppressHeaderMenuButton: true,
  resizable: false,
};
const SUPPRESSED_OVERLAYS: OverlayType[] = ['loading', 'noRows', 'noMatchingRows'];
const ROW_CLASS_RULES: RowClassRules<Order> = {
  'og-row--settled': (params) => Boolean(params.data && isSettled(params.data)),
  'og-row--cancelled': (params) => params.data?.status === 'storno' || params.data?.status === 'storniert',
};

export interface OrdersGridProps {
  orders: readonly Order[];
  /** First load: nothing to show yet. */
  loading: boolean;
  /** Nothing matched (and no error). */
  empty: boolean;
  density: Density;
  sortBy: string;
  sortOrder: SortOrder;
  onSortChange(sortBy: OrderSortBy, sortOrder: SortOrder): void;
  onSelectionChange(orders: Order[]): void;
  actions: RowActions;
  /** The user may record slip numbers and weights (§2.2). */
  canRecordDeliveryData: boolean;
  onEdit(order: Order, change: InlineChange): void;
  /** Absent for roles that may not create orders: the empty state offers nothing. */
  onCreateFirst?: () => void;
  /** False for roles that may not change orders (default true). */
  canWrite?: boolean;
  /** Changes when a new page is shown: the grid scrolls to the top. */
  pageKey: string;
  apiRef: RefObject<GridApi<Order> | null>;
}

/** The order table (§2.2) on ag-grid; paging and sorting happen on the server. */
export function OrdersGrid({
  orders,
  loading,
  empty,
  density,
  sortBy,
  sortOrder,
  onSortChange,
  onSelectionChange,
  actions,
  canRecordDeliveryData,
  onEdit,
  onCreateFirst,
  canWrite = true,
  pageKey,
  apiRef,
}: OrdersGridProps) {
  const actionsRef = useRef(actions);
  const canWriteRef = useRef(canWrite);
  const mayRecordRef = useRef(canRecordDeliveryData);
  const onEditRef = useRef(onEdit);
  const onSortRef = useRef(onSortChange);
  const onSelectionRef = useRef(onSelectionChange);
  useEffect(() => {
    actionsRef.current = actions;
    canWriteRef.current = canWrite;
    mayRecordRef.current = canRecordDeliveryData;
    onEditRef.current = onEdit;
    onSortRef.current = onSortChange;
    onSelectionRef.current = onSelectionChange;
  });

  // One stable context; the handlers inside always call the page's latest ones.
  const editFocus = useRef<EditFocus>(null);
  const context = useMemo<GridContext>(() => {
    return {
      today: todayInBerlin(),
      actions: {
        onDetails: (order) => actionsRef.current.onDetails(order),
        onDuplicate: (order) => actionsRef.current.onDuplicate(order),
        onPdf: (order) => actionsRef.current.onPdf(order),
        onDelete: (order) => actionsRef.current.onDelete(order),
        onUnlockDeliveryData: (order) => actionsRef.current.onUnlockDeliveryData(order),
      },
      canWrite: () => canWriteRef.current,
      canRecordDeliveryData: () => mayRecordRef.current,
      aimEdit: (next) => {
        editFocus.current = next;
      },
      takeEditFocus: () => editFocus.current,
    };
  }, []);

  // The grid shows the sort it starts with; afterwards the header clicks lead.
  const [initialSort] = useState(() => ({ column: COLUMN_OF_SORT[sortBy], order: sortOrder }));

  const columnDefs = useMemo<ColDef<Order>[]>(() => {
    const sortFor = (column: string) => (initialSort.column === column ? initialSort.order : null);
    return [
      {
        colId: 'schedule',
        headerName: messages.orderTable.columns.schedule,
        width: 150,
        minWidth: 130,
        sortable: true,
        initialSort: sortFor('schedule'),
        valueGetter: ({ data }) => (data ? { date: data.deliveryDate, time: timeInputOf(data) } : null),
        equals: sameSchedule,
        cellDataType: false,
        cellRenderer: ScheduleCell,
        editable,
        cellEditor: ScheduleEditor,
        cellEditorPopup: true,
        cellEditorPopupPosition: 'under',
      },
      {
        colId: 'order',
        headerName: messages.orderTable.columns.orderAndTransport,
        flex: 1.1,
        minWidth: 190,
        sortable: true,
        initialSort: sortFor('order'),
        valueGetter: ({ data }) => data?.orderNumber ?? null,
        cellRenderer: OrderCell,
      },
      {
        colId: 'route',
        headerName: messages.orderTable.columns.routeAndMaterial,
        flex: 2,
        minWidth: 280,
        sortable: true,
        initialSort: sortFor('route'),
        valueGetter: ({ data }) =>
          data ? { materialId: data.materialId, materialName: data.material?.name ?? null, quantity: String(data.quantity ?? '') } : null,
        equals: sameMaterial,
        cellDataType: false,
        cellRenderer: RouteCell,
        editable,
        cellEditor: MaterialEditor,
        cellEditorPopup: true,
        cellEditorPopupPosition: 'under',
      },
      {
        colId: 'status',
        headerName: messages.orderTable.columns.status,
        width: 200,
        minWidth: 160,
        sortable: true,
        initialSort: sortFor('status'),
        valueGetter: ({ data }) => data?.status ?? null,
        cellRenderer: StatusCell,
        editable,
        cellEditor: StatusEditor,
        cellEditorPopup: true,
      },
      {
        colId: 'billing',
        headerName: messages.orderTable.columns.billing,
        width: 160,
        minWidth: 150,
        sortable: false,
        valueGetter: ({ data }) =>
          data ? { slip: data.deliverySlipNumber ?? '', weight: data.actualWeight == null ? '' : String(data.actualWeight) } : null,
        equals: sameDeliveryData,
        cellDataType: false,
        cellRenderer: BillingCell,
        editable: deliveryDataEditable,
        cellEditor: DeliveryDataEditor,
        cellEditorPopup: true,
        cellEditorPopupPosition: 'under',
      },
      {
        colId: 'actions',
        headerName: messages.orderTable.columns.actions,
        width: 150,
        minWidth: 150,
        sortable: false,
        resizable: false,
        cellRenderer: ActionsCell,
        cellClass: 'og-cell--actions',
      },
    ];
  }, [initialSort]);

  const defaultColDef = useMemo<ColDef<Order>>(
    () => ({
      suppressKeyboardEvent: suppressPageKeys,
      suppressHeaderMenuButton: true,
      sortingOrder: ['asc', 'desc'],
      comparator: keepServerOrder,
      cellClassRules: { 'og-cell--locked': (params) => Boolean(params.data && isLockedOrder(params.data) && params.colDef.editable) },
    }),
    [],
  );

  const rowSelection = useMemo<RowSelectionOptions<Order>>(
    () => ({
      mode: 'multiRow',
      checkboxes: true,
      headerCheckbox: true,
      selectAll: 'currentPage',
      enableClickSelection: false,
      isRowSelectable: (node) => Boolean(node.data && !isSettled(node.data)),
    }),
    [],
  );

  const getRowId = useCallback((params: GetRowIdParams<Order>) => params.data.id, []);

  // The page hears of the selection when it changed: new data with the same selection (the same
  // row objects, e.g. none) re-renders nothing.
  const reportedSelection = useRef<readonly Order[]>([]);
  const reportSelection = useCallback((api: GridApi<Order>) => {
    // §4.2: orders that became abgerechnet leave the selection after a reload.
    for (const node of api.getSelectedNodes()) {
      if (node.data && isSettled(node.data)) node.setSelected(false);
    }
    const rows = api.getSelectedRows();
    const previous = reportedSelection.current;
    if (rows.length === previous.length && rows.every((row, index) => row === previous[index])) return;
    reportedSelection.current = rows;
    onSelectionRef.current(rows);
  }, []);

  const onGridReady = useCallback(
    (event: GridReadyEvent<Order>) => {
      apiRef.current = event.api;
    },
    [apiRef],
  );
  const onGridPreDestroyed = useCallback(() => {
    apiRef.current = null;
  }, [apiRef]);
  const onSortChanged = useCallback((event: SortChangedEvent<Order>) => {
    const sorted = event.api.getColumnState().find((column) => column.sort);
    const key = sorted ? SORT_KEYS[sorted.colId] : undefined;
    onSortRef.current(key ?? 'deliveryDate', (sorted?.sort as SortOrder | undefined) ?? 'asc');
  }, []);
  const onSelectionChanged = useCallback((event: SelectionChangedEvent<Order>) => reportSelection(event.api), [reportSelection]);
  const onRowDataUpdated = useCallback((event: RowDataUpdatedEvent<Order>) => reportSelection(event.api), [reportSelection]);
  const onCellEditRequest = useCallback((event: CellEditRequestEvent<Order>) => {
    const column = event.column.getColId();
    if (!event.data) return;
    if (column === 'schedule') onEditRef.current(event.data, { column, value: event.newValue as ScheduleValue });
    else if (column === 'route') onEditRef.current(event.data, { column, value: event.newValue as MaterialValue });
    else if (column === 'status') onEditRef.current(event.data, { column, value: String(event.newValue) });
    else if (column === 'billing') onEditRef.current(event.data, { column, value: event.newValue as DeliveryDataValue });
  }, []);

  useEffect(() => {
    apiRef.current?.ensureIndexVisible(0, 'top');
  }, [pageKey, apiRef]);

  // The first rows show sooner when the grid renders only those in view; the rows beyond the view
  // (ag-grid's scroll buffer) follow when the browser is idle.
  const [rowBuffer, setRowBuffer] = useState(0);
  const cancelIdle = useRef<(() => void) | null>(null);
  const onFirstDataRendered = useCallback(() => {
    cancelIdle.current = whenIdle(() => setRowBuffer(SCROLL_ROW_BUFFER));
  }, []);
  useEffect(() => () => cancelIdle.current?.(), []);

  return (
    <div className={`orders-grid orders-grid--${density}`}>
      <AgGridReact<Order>
        theme={gridTheme}
        localeText={gridLocaleText}
        rowData={orders as Order[]}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        context={context}
        getRowId={getRowId}
        rowSelection={rowSelection}
        selectionColumnDef={SELECTION_COLUMN_DEF}
        rowHeight={ROW_HEIGHTS[density]}
        rowBuffer={rowBuffer}
        readOnlyEdit
        stopEditingWhenCellsLoseFocus
        loading={false}
        suppressOverlays={SUPPRESSED_OVERLAYS}
        suppressColumnVirtualisation
        suppressDragLeaveHidesColumns
        suppressMovableColumns
        animateRows={false}
        enableCellTextSelection
        ensureDomOrder
        rowClassRules={ROW_CLASS_RULES}
        postSortRows={keepServerRowOrder}
        onGridReady={onGridReady}
        onFirstDataRendered={onFirstDataRendered}
        onGridPreDestroyed={onGridPreDestroyed}
        onSortChanged={onSortChanged}
        onSelectionChanged={onSelectionChanged}
        onRowDataUpdated={onRowDataUpdated}
        onCellEditRequest={onCellEditRequest}
      />
      {loading && (
        <div className="orders-grid__overlay" role="status">
          <span className="spinner" aria-hidden="true" />
          {messages.orderTable.loading}
        </div>
      )}
      {!loading && empty && (
        <div className="orders-grid__overlay orders-grid__overlay--empty">
          <p className="orders-grid__empty-title">{messages.orderTable.empty}</p>
          {onCreateFirst && (
            <button type="button" className="button button--primary" onClick={onCreateFirst}>
              {messages.orderTable.createFirstQuickOrder}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
