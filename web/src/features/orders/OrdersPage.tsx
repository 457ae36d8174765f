import type { GridApi } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { DEFAULT_ORDER_LIST_PARAMS, useOrders } from '../../api/orders';
import type { Order, OrderListParams, OrderPatch, OrderSortBy, OrderStatus, SortOrder } from '../../api/types';
import { DeleteOrderDialog, type DeleteMode } from './DeleteOrderDialog';
import { type Density, FilterBar } from './FilterBar';
import { FlashMessages } from '../../components/FlashMessages';
import { HelpModal } from './HelpModal';
import { OrderDetailModal } from './OrderDetailModal';
import { OrderFormModal } from './OrderFormModal';
import { OrdersGrid } from './OrdersGrid';
import { OrdersHeader } from './OrdersHeader';
import { OrdersPager, pageCount } from './OrdersPager';
import { PlaceholderModal } from './PlaceholderModal';
import type { InlineChange, RowActions } from './gridContext';
import { useFlash } from '../../components/useFlash';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { useOrderFilters } from './useOrderFilters';
import { OrderTextEntry } from '../order-text';
import { patchForInlineChange, useOrderMutations } from './useOrderMutations';
import { DeliveryDataConfirmModal } from './DeliveryDataConfirmModal';
import { DispositionPipelinePanel } from './DispositionPipelinePanel';
import { useSession } from '../auth/useSession';
import { usePdfDownloads } from './usePdfDownloads';
import './orders.css';

/** Who records slip numbers and weights (the server's rule for PATCH of these fields). */
const DELIVERY_DATA_ROLES: readonly string[] = ['order_taker', 'dispatcher', 'billing', 'admin'];

type Dialog =
  | { kind: 'new' }
  | { kind: 'edit'; order: Order }
  | { kind: 'detail'; order: Order }
  | { kind: 'delete'; orders: Order[]; skipped: number }
  | { kind: 'help' }
  | { kind: 'placeholder'; title: string; offerFullForm?: boolean }
  | { kind: 'deliveryData'; order: Order; patch: OrderPatch }
  | null;

/**
 * Auftragsannahme (orders.md §2.1): header, filter bar, the order grid with server-side paging and
 * sorting, and the modals. Live updates arrive through the socket (SocketProvider invalidates the
 * order queries); react-query refetches when the page becomes visible again.
 */
export function OrdersPage() {
  const filters = useOrderFilters();
  const flash = useFlash();
  const [page, setPage] = useState(DEFAULT_ORDER_LIST_PARAMS.page);
  const [sort, setSort] = useState<{ sortBy: OrderSortBy; sortOrder: SortOrder }>({ sortBy: 'deliveryDate', sortOrder: 'asc' });
  const [density, setDensity] = useState<Density>('normal');
  const [expanded, setExpanded] = useState(false);
  const [selected, setSelected] = useState<Order[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const gridApi = useRef<GridApi<Order> | null>(null);

  // A changed filter or sort starts at page 1 again (adjusting state while rendering, as React recommends).
  const filterKey = JSON.stringify([filters.applied, sort]);
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (filterKey !== lastFilterKey) {
    setLastFilterKey(filterKey);
    setPage(1);
  }

  const params: OrderListParams = useMemo(
    () => ({ ...DEFAULT_ORDER_LIST_PARAMS, page, sort_by: sort.sortBy, sort_order: sort.sortOrder, filters: filters.applied }),
    [page, sort, filters.applied],
  );
  const query = useOrders(params);
  const orders = useMemo(() => query.data?.orders ?? [], [query.data]);
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, params.limit);

  // Orders were deleted elsewhere and this page no longer exists: go to the last one.
  if (query.data && !query.isPlaceholderData && page > pages) setPage(pages);

  const pdf = usePdfDownloads(flash);
  const mutations = useOrderMutations(flash);

  const openQuickOrder = useCallback(
    () => setDialog({ kind: 'placeholder', title: messages.orderScreen.quickOrderTitle, offerFullForm: true }),
    [],
  );
  const refresh = useCallback(() => void query.refetch(), [query]);

  const askDelete = useCallback(
    (candidates: readonly Order[]) => {
      const open = candidates.filter((order) => order.status === 'offen');
      if (candidates.length === 0) {
        flash.error(messages.validation.selection.selectAtLeastOne);
        return;
      }
      if (open.length === 0) {
        flash.error(messages.order.onlyOpenCanBeDeleted);
        return;
      }
      setDialog({ kind: 'delete', orders: open, skipped: candidates.length - open.length });
    },
    [flash],
  );

  const actions: RowActions = useMemo(
    () => ({
      onDetails: (order) => setDialog({ kind: 'detail', order }),
      onDuplicate: (order) => mutations.duplicateOrder(order),
      onPdf: (order) => void pdf.downloadOne(order),
      onDelete: (order) => askDelete([order]),
      onUnlockDeliveryData: (order) => mutations.unlockDeliveryData(order),
    }),
    [mutations, pdf, askDelete],
  );

  // Slip number and weight are saved only after the data confirm modal (§2.11); other edits at once.
  const applyEdit = useCallback(
    (order: Order, change: InlineChange) => {
      if (change.column !== 'billing') return mutations.applyInlineEdit(order, change);
      const result = patchForInlineChange(order, change);
      if (!result) return;
      if ('error' in result) flash.error(result.error);
      else setDialog({ kind: 'deliveryData', order, patch: result.patch });
    },
    [mutations, flash],
  );
  const user = useSession()?.user ?? null;
  const canRecordDeliveryData = Boolean(user?.roles?.some((role) => DELIVERY_DATA_ROLES.includes(role)));

  useKeyboardShortcuts({
    onNewOrder: () => setDialog({ kind: 'new' }),
    onFocusSearch: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    onRefresh: refresh,
    onQuickOrder: openQuickOrder,
    onDelete: () => askDelete(selected),
    onSelectAll: () => gridApi.current?.selectAll('currentPage'),
  });

  const confirmDelete = async (mode: DeleteMode) => {
    if (dialog?.kind !== 'delete') return;
    const removed = await mutations.removeOrders(dialog.orders, mode);
    if (removed) {
      setDialog(null);
      gridApi.current?.deselectAll();
    }
  };

  const closeDialog = () => setDialog(null);

  return (
    <div className="page orders-page">
      <OrdersHeader
        visible={orders.length}
        loaded={total}
        selected={selected.length}
        onNewOrder={() => setDialog({ kind: 'new' })}
        onTemplates={() => setDialog({ kind: 'placeholder', title: messages.templates.title })}
        onStatistics={() => setDialog({ kind: 'placeholder', title: messages.statistics.title })}
        onSettings={() => setDialog({ kind: 'placeholder', title: messages.settingsDialog.title })}
        onHelp={() => setDialog({ kind: 'help' })}
        onDownloadPdfs={() => void pdf.downloadMany(selected)}
        onBulkStatus={(status: OrderStatus) => mutations.bulkStatus(selected, status)}
        pdfBusy={pdf.busy}
        bulkBusy={mutations.bulkPending}
      />

      {/* §2.3/§2.4: the free-text entry above the table, with the separate search bar under it. */}
      <OrderTextEntry search={{ value: filters.searchText, onChange: filters.setSearchText, onApply: filters.applySearch }} />

      <FilterBar
        filters={filters}
        searchRef={searchRef}
        density={density}
        onDensityChange={setDensity}
        expanded={expanded}
        onToggleExpanded={() => setExpanded((value) => !value)}
        onRefresh={refresh}
        refreshing={query.isFetching}
        onQuickOrder={openQuickOrder}
        onExport={() => setDialog({ kind: 'placeholder', title: messages.exportDialog.title })}
      />

      <FlashMessages flashes={flash.flashes} onDismiss={flash.dismiss} />

      <DispositionPipelinePanel selected={selected} onTransferred={() => gridApi.current?.deselectAll()} onError={flash.error} />

      <section className="panel orders-table" aria-labelledby="orders-table-title" aria-busy={query.isFetching}>
        <header className="orders-table__header">
          <h2 id="orders-table-title" className="orders-table__title">
            {messages.orderTable.title}
          </h2>
          {query.isFetching && !query.isPending && (
            <span className="orders-table__refreshing" role="status">
              <span className="spinner spinner--small" aria-hidden="true" />
              {messages.orderTable.loading}
            </span>
          )}
        </header>
        {query.isError && (
          <div className="alert alert--error orders-table__error" role="alert">
            <span>
              {messages.errors.loadOrders}: {query.error.message}
            </span>
            <button type="button" className="button button--small" onClick={refresh}>
              {messages.errorScreen.retry}
            </button>
          </div>
        )}
        <OrdersGrid
          orders={orders}
          loading={query.isPending}
          empty={!query.isPending && !query.isError && orders.length === 0}
          density={density}
          sortBy={sort.sortBy}
          sortOrder={sort.sortOrder}
          onSortChange={(sortBy, sortOrder) => setSort({ sortBy, sortOrder })}
          onSelectionChange={setSelected}
          actions={actions}
          canRecordDeliveryData={canRecordDeliveryData}
          onEdit={applyEdit}
          onCreateFirst={openQuickOrder}
          pageKey={`${page}`}
          apiRef={gridApi}
        />
        {total > 0 && !query.isError && (
          <OrdersPager
            page={page}
            pageSize={params.limit}
            total={total}
            onPageChange={(next) => setPage(Math.min(Math.max(1, next), pages))}
          />
        )}
      </section>

      {dialog?.kind === 'new' && (
        <OrderFormModal
          onClose={closeDialog}
          onSaved={(_order, message) => {
            setDialog(null);
            flash.success(message);
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <OrderFormModal
          order={dialog.order}
          onClose={closeDialog}
          onSaved={(_order, message) => {
            setDialog(null);
            flash.success(message);
          }}
        />
      )}
      {dialog?.kind === 'detail' && (
        <OrderDetailModal
          order={dialog.order}
          onClose={closeDialog}
          onPdf={(order) => void pdf.downloadOne(order)}
          onEdit={(order) => setDialog({ kind: 'edit', order })}
          onDelete={(order) => askDelete([order])}
          pdfBusy={pdf.busy}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteOrderDialog
          orders={dialog.orders}
          skipped={dialog.skipped}
          busy={mutations.removing}
          onClose={closeDialog}
          onConfirm={(mode) => void confirmDelete(mode)}
        />
      )}
      {dialog?.kind === 'help' && <HelpModal onClose={closeDialog} />}
      {dialog?.kind === 'deliveryData' && (
        <DeliveryDataConfirmModal
          order={dialog.order}
          patch={dialog.patch}
          saving={mutations.savingDeliveryData}
          onClose={closeDialog}
          onConfirm={() => mutations.saveDeliveryData(dialog.order, dialog.patch, closeDialog)}
        />
      )}
      {dialog?.kind === 'placeholder' && (
        <PlaceholderModal
          title={dialog.title}
          onClose={closeDialog}
          {...(dialog.offerFullForm
            ? { action: { label: messages.orderScreen.openFullForm, onClick: () => setDialog({ kind: 'new' }) } }
            : {})}
        />
      )}
    </div>
  );
}
