import type { GridApi } from 'ag-grid-community';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { PageLoading } from '../../components/PageLoading';
import { OrderMailModal } from '../order-mail/OrderMailModal';
import { canSendOrderMail } from '../order-mail/orderMailRoles';
import { SearchBox } from './SearchBox';
import { useOrderSettings } from '../../api/orderSettings';
import { setModalSaveShortcut } from '../../components/Modal';
import { useSession } from '../auth/useSession';
import { OrderSettingsDialog } from '../order-settings/OrderSettingsDialog';
import { showsSeparateSearch } from '../order-text';
import { QuickOrderWizard } from '../quick-order/QuickOrderWizard';
import type { QuickOrderResult } from '../quick-order/quickOrderMachine';
import { TemplatesModal } from '../templates/TemplatesModal';
import { ordersToTsv } from './clipboard';
import { PasteOrdersDialog } from './PasteOrdersDialog';
import { useOrderPermissions } from './useOrderPermissions';
import { useSearchHistory } from './useSearchHistory';
import type { InlineChange, RowActions } from './gridContext';
import { useFlash } from '../../components/useFlash';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { useOrderFilters } from './useOrderFilters';
import { OrderTextEntry } from '../order-text';
import { patchForInlineChange, useOrderMutations } from './useOrderMutations';
import { DeliveryDataConfirmModal } from './DeliveryDataConfirmModal';
import { ExportModal } from '../order-export/ExportModal';
import { DispositionPipelinePanel } from './DispositionPipelinePanel';
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
  | { kind: 'quick' }
  | { kind: 'templates' }
  | { kind: 'settings' }
  | { kind: 'paste'; text: string }
  | { kind: 'deliveryData'; order: Order; patch: OrderPatch }
  | { kind: 'export' }
  | { kind: 'mail'; orders: Order[] }
  | { kind: 'statistics' }
  | null;

/** §4.10, §9: optional auto-refresh every 30 seconds. */
export const AUTO_REFRESH_MS = 30_000;

/** The charts (recharts) load when the statistics open, not with the order table. */
const StatisticsModal = lazy(() => import('../statistics/StatisticsModal').then((m) => ({ default: m.StatisticsModal })));

/**
 * Auftragsannahme (orders.md §2.1): header, filter bar, the order grid with server-side paging and
 * sorting, and the modals. Live updates arrive through the socket (SocketProvider invalidates the
 * order queries); react-query refetches when the page becomes visible again.
 */
export function OrdersPage() {
  const filters = useOrderFilters();
  const flash = useFlash();
  const orderSettings = useOrderSettings();
  const settings = orderSettings.settings;
  const { canWrite } = useOrderPermissions();
  const userId = useSession()?.user?.id ?? null;
  const searchHistory = useSearchHistory(userId, settings.saveSearchHistory);
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
    () => ({
      ...DEFAULT_ORDER_LIST_PARAMS,
      page,
      sort_by: sort.sortBy,
      sort_order: sort.sortOrder,
      filters: filters.applied,
      // The user setting defaultSearchField: where the search looks (absent for all fields, as prefetched).
      ...(settings.defaultSearchField === 'all' ? {} : { searchField: settings.defaultSearchField }),
    }),
    [page, sort, filters.applied, settings.defaultSearchField],
  );
  const query = useOrders(params, settings.enableAutoRefresh ? AUTO_REFRESH_MS : false);

  // Search history (setting saveSearchHistory): every applied search term.
  const appliedSearch = filters.applied.search;
  const rememberSearch = searchHistory.remember;
  useEffect(() => rememberSearch(appliedSearch), [appliedSearch, rememberSearch]);

  // F11 inside modals follows the shortcut setting as the page's keys do.
  useEffect(() => setModalSaveShortcut(settings.enableKeyboardShortcuts), [settings.enableKeyboardShortcuts]);
  const orders = useMemo(() => query.data?.orders ?? [], [query.data]);
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, params.limit);

  // Orders were deleted elsewhere and this page no longer exists: go to the last one.
  if (query.data && !query.isPlaceholderData && page > pages) setPage(pages);

  const pdf = usePdfDownloads(flash);
  const mutations = useOrderMutations(flash);

  const openQuickOrder = useCallback(() => setDialog({ kind: 'quick' }), []);
  // The user setting defaultOrderType: F2 and "Neuer Auftrag" open the full form or the quick order.
  const openNewOrder = useCallback(
    () => setDialog(settings.defaultOrderType === 'quick' ? { kind: 'quick' } : { kind: 'new' }),
    [settings.defaultOrderType],
  );
  const quickOrderCreated = useCallback(
    (result: QuickOrderResult) => {
      setDialog(null);
      flash.success(result.message);
      if (result.failures.length > 0) flash.error(result.failures.join('; '));
    },
    [flash],
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
  const canSendMail = canSendOrderMail(user);
  // §5.3: without a selection, or with no order that still exists, there is nothing to mail.
  const openMail = useCallback(() => {
    if (selected.length === 0) flash.error(messages.validation.selection.selectWithCheckbox);
    else setDialog({ kind: 'mail', orders: selected });
  }, [selected, flash]);

  useKeyboardShortcuts(
    {
      ...(canWrite
        ? {
            onNewOrder: openNewOrder,
            onQuickOrder: openQuickOrder,
            onDelete: () => askDelete(selected),
            onPaste: (text: string) => setDialog({ kind: 'paste', text }),
          }
        : {}),
      onFocusSearch: () => {
        searchRef.current?.focus();
        searchRef.current?.select();
      },
      onRefresh: refresh,
      onSelectAll: () => gridApi.current?.selectAll('currentPage'),
      copyText: () => {
        if (selected.length === 0) return null;
        flash.success(messages.intakeTools.copied(selected.length));
        return ordersToTsv(selected);
      },
    },
    settings.enableKeyboardShortcuts,
  );

  const confirmDelete = async (mode: DeleteMode) => {
    if (dialog?.kind !== 'delete') return;
    const removed = await mutations.removeOrders(dialog.orders, mode);
    if (removed) {
      setDialog(null);
      gridApi.current?.deselectAll();
    }
  };

  const closeDialog = () => setDialog(null);

  // §2.3: the one search field (F3) sits under the text entry when the entry and the additional search
  // are both on, else in the filter bar next to the plant chip.
  const separateSearch = canWrite && showsSeparateSearch(settings);
  const searchBar = (
    <SearchBox
      value={filters.searchText}
      term={filters.applied.search}
      onChange={filters.setSearchText}
      onApply={filters.applySearch}
      inputRef={searchRef}
      suggest={settings.enableAutoSuggestions}
      history={searchHistory.history}
      {...(separateSearch ? { label: messages.filters.searchExisting } : {})}
    />
  );

  return (
    <div className="page orders-page">
      <OrdersHeader
        visible={orders.length}
        loaded={total}
        selected={selected.length}
        onNewOrder={canWrite ? openNewOrder : undefined}
        onTemplates={settings.enableOrderTemplates ? () => setDialog({ kind: 'templates' }) : undefined}
        onStatistics={() => setDialog({ kind: 'statistics' })}
        onSettings={() => setDialog({ kind: 'settings' })}
        onHelp={() => setDialog({ kind: 'help' })}
        onDownloadPdfs={() => void pdf.downloadMany(selected)}
        onEmail={canSendMail ? openMail : undefined}
        onBulkStatus={canWrite ? (status: OrderStatus) => mutations.bulkStatus(selected, status) : undefined}
        pdfBusy={pdf.busy}
        bulkBusy={mutations.bulkPending}
        readOnly={!canWrite}
      />

      {/* §2.3/§2.4: the free-text entry above the table, with the separate search bar under it. */}
      {canWrite && <OrderTextEntry searchBar={separateSearch ? searchBar : null} settings={settings} />}

      <FilterBar
        filters={filters}
        searchBar={separateSearch ? null : searchBar}
        density={density}
        onDensityChange={setDensity}
        expanded={expanded}
        onToggleExpanded={() => setExpanded((value) => !value)}
        onRefresh={refresh}
        refreshing={query.isFetching}
        onQuickOrder={canWrite ? openQuickOrder : undefined}
        onExport={() => setDialog({ kind: 'export' })}
      />

      <FlashMessages flashes={flash.flashes} onDismiss={flash.dismiss} />

      {canWrite && (
        <DispositionPipelinePanel selected={selected} onTransferred={() => gridApi.current?.deselectAll()} onError={flash.error} />
      )}

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
          onCreateFirst={canWrite ? openQuickOrder : undefined}
          canWrite={canWrite}
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
          {...(canWrite
            ? { onEdit: (order: Order) => setDialog({ kind: 'edit', order }), onDelete: (order: Order) => askDelete([order]) }
            : {})}
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
      {dialog?.kind === 'help' && <HelpModal onClose={closeDialog} shortcutsEnabled={settings.enableKeyboardShortcuts} />}
      {dialog?.kind === 'deliveryData' && (
        <DeliveryDataConfirmModal
          order={dialog.order}
          patch={dialog.patch}
          saving={mutations.savingDeliveryData}
          onClose={closeDialog}
          onConfirm={() => mutations.saveDeliveryData(dialog.order, dialog.patch, closeDialog)}
        />
      )}
      {dialog?.kind === 'quick' && (
        <QuickOrderWizard
          onClose={closeDialog}
          onCreated={quickOrderCreated}
          favoriteProducts={settings.favoriteProducts}
          templatesEnabled={settings.enableOrderTemplates}
        />
      )}
      {dialog?.kind === 'templates' && (
        <TemplatesModal
          onClose={closeDialog}
          onMessage={(kind, text) => flash[kind](text)}
          canWrite={canWrite}
          favoriteProducts={settings.favoriteProducts}
        />
      )}
      {dialog?.kind === 'settings' && (
        <OrderSettingsDialog api={orderSettings} onClose={closeDialog} onMessage={(kind, text) => flash[kind](text)} />
      )}
      {dialog?.kind === 'paste' && (
        <PasteOrdersDialog
          text={dialog.text}
          onClose={closeDialog}
          onCreated={(message) => {
            setDialog(null);
            flash.success(message);
          }}
        />
      )}
      {dialog?.kind === 'export' && <ExportModal onClose={closeDialog} onError={flash.error} />}
      {dialog?.kind === 'mail' && (
        <OrderMailModal
          orders={dialog.orders}
          onClose={closeDialog}
          onSuccess={flash.success}
          onInfo={flash.info}
          downloadPdfs={(orders) => void pdf.downloadMany(orders)}
        />
      )}
      {dialog?.kind === 'statistics' && (
        <Suspense fallback={<PageLoading text={messages.statisticsScreen.loading} />}>
          <StatisticsModal onClose={closeDialog} />
        </Suspense>
      )}
    </div>
  );
}
