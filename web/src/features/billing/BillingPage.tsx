import { messages } from '@dispo/domain/messages';
import { canBeLoadingPlant } from '@dispo/domain/plant/plant-eligibility';
import { type ReactNode, useState } from 'react';
import {
  type BillingFilter,
  type BillingOrder,
  CONFIRMED_PAGE_SIZE,
  fetchBillingRecord,
  useBillingCommands,
  useBillingConfirmed,
  useBillingPending,
  useBillingStats,
} from '../../api/billing';
import { isApiError } from '../../api/errors';
import { usePlants } from '../../api/reference';
import { saveBlob } from '../../components/download';
import { FlashMessages } from '../../components/FlashMessages';
import { NoPermission } from '../../components/NoPermission';
import { InputField, SelectField } from '../../components/FormField';
import { Icon } from '../../components/icons';
import { useFlash } from '../../components/useFlash';
import { useSession } from '../auth/useSession';
import { RemoveDialog, UndoDialog } from './BillingDialogs';
import { BillingStatsTiles } from './BillingStats';
import { ConfirmedTable, PendingTable } from './BillingTables';
import { canBill } from './billingLogic';
import { useBillingLiveUpdates } from './useBillingLiveUpdates';
import './billing.css';

const text = messages.billingScreen;
const NO_FILTER: BillingFilter = { plantId: '', startDate: '', endDate: '' };
const errorText = (error: unknown) => (isApiError(error) ? error.message : messages.errors.update);

function PageHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="billing__header">
      <div className="page__header">
        <h1 className="page__title">{text.title}</h1>
        <p className="page__subtitle">{text.subtitle}</p>
      </div>
      {children}
    </header>
  );
}

/**
 * Abrechnung (billing staff and admins): the orders handed to billing with slip number and weights
 * compared, confirm (single and bulk), undo with a reason, remove; the settled orders page by page;
 * sums on top; each record exported as JSON or CSV. Follows every billing step live.
 */
export function BillingPage() {
  const user = useSession()?.user ?? null;
  if (!canBill(user)) {
    return (
      <div className="page billing">
        <PageHeader />
        <NoPermission title={text.noPermissionTitle} text={text.noPermission} />
      </div>
    );
  }
  return <Billing />;
}

function Billing() {
  const flash = useFlash();
  const [filter, setFilter] = useState<BillingFilter>(NO_FILTER);
  const [tab, setTab] = useState<'pending' | 'confirmed'>('pending');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [undoing, setUndoing] = useState<BillingOrder | null>(null);
  const [removing, setRemoving] = useState<BillingOrder | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const pending = useBillingPending(filter);
  const confirmed = useBillingConfirmed(filter, page);
  const stats = useBillingStats(filter);
  const plants = usePlants();
  const commands = useBillingCommands();
  useBillingLiveUpdates();

  const pendingOrders = pending.data?.orders ?? [];
  const confirmedOrders = confirmed.data?.orders ?? [];
  const confirmedTotal = confirmed.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(confirmedTotal / CONFIRMED_PAGE_SIZE));
  // The selection keeps only orders that are still pending (a live update may have settled some).
  const selection = pendingOrders.filter((o) => selected.has(o.id)).map((o) => o.id);

  const changeFilter = (change: Partial<BillingFilter>) => {
    setFilter((f) => ({ ...f, ...change }));
    setPage(1);
    setSelected(new Set());
  };
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirmOne = async (order: BillingOrder) => {
    setBusyId(order.id);
    try {
      await commands.confirm.mutateAsync(order.id);
      flash.success(text.confirmed(order.orderNumber));
      select([order.id], false);
    } catch (error) {
      flash.error(errorText(error));
    } finally {
      setBusyId(null);
    }
  };
  const confirmSelection = async () => {
    try {
      const result = await commands.confirmMany.mutateAsync(selection);
      setSelected(new Set());
      if (result.confirmed > 0) flash.success(text.confirmedMany(result.confirmed));
      if (result.failed.length > 0) flash.error(result.failed.map((f) => text.notConfirmed(f.orderNumber ?? f.id, f.error)).join(' · '));
    } catch (error) {
      flash.error(errorText(error));
    }
  };
  const exportRecord = async (order: BillingOrder, format: 'json' | 'csv') => {
    try {
      const file = await fetchBillingRecord(order.id, format);
      saveBlob(file.blob, file.fileName ?? `${messages.billingExport.fileName(order.orderNumber)}.${format}`);
    } catch {
      flash.error(text.exportError);
    }
  };
  const actions = { canAct: true, busyId, onExport: (o: BillingOrder, f: 'json' | 'csv') => void exportRecord(o, f), onRemove: setRemoving };
  const loadingPlants = (plants.data ?? []).filter((p) => canBeLoadingPlant({ plantRole: p.plant_role, plantType: p.plant_type }));
  const filtered = filter.plantId !== '' || filter.startDate !== '' || filter.endDate !== '';
  const list = tab === 'pending' ? pending : confirmed;

  return (
    <div className="page billing">
      <PageHeader />
      <FlashMessages flashes={flash.flashes} onDismiss={flash.dismiss} errorTitle={messages.fleet.error} />

      <section className="panel billing__filters" aria-label={text.filters}>
        <SelectField
          id="billing-plant"
          label={text.plant}
          value={filter.plantId}
          none={text.allPlants}
          options={loadingPlants}
          optionLabel={(p) => p.name}
          onChange={(plantId) => changeFilter({ plantId })}
        />
        <InputField id="billing-from" label={text.from} type="date" value={filter.startDate} onChange={(startDate) => changeFilter({ startDate })} />
        <InputField id="billing-to" label={text.to} type="date" value={filter.endDate} onChange={(endDate) => changeFilter({ endDate })} />
        {filtered && (
          <button type="button" className="link-button billing__reset" onClick={() => changeFilter(NO_FILTER)}>
            {text.resetFilters}
          </button>
        )}
      </section>

      {stats.data && <BillingStatsTiles stats={stats.data.stats} />}

      <div className="billing__toolbar">
        <div className="billing__tabs" role="tablist" aria-label={text.tabs}>
          <button type="button" role="tab" aria-selected={tab === 'pending'} className={`billing__tab${tab === 'pending' ? ' billing__tab--active' : ''}`} onClick={() => setTab('pending')}>
            {text.pendingTab(pendingOrders.length)}
          </button>
          <button type="button" role="tab" aria-selected={tab === 'confirmed'} className={`billing__tab${tab === 'confirmed' ? ' billing__tab--active' : ''}`} onClick={() => setTab('confirmed')}>
            {text.confirmedTab(confirmedTotal)}
          </button>
        </div>
        {tab === 'pending' && (
          <button type="button" className="button button--primary" disabled={selection.length === 0 || commands.confirmMany.isPending} onClick={() => void confirmSelection()}>
            <Icon name="check" size={16} />
            {text.confirmSelected(selection.length)}
          </button>
        )}
      </div>

      {list.isError ? (
        <div className="alert alert--error billing__load-error" role="alert">
          <span>
            <strong className="flash__title">{text.loadError}</strong> {list.error.message}
          </span>
          <button type="button" className="button button--small" onClick={() => void list.refetch()}>
            {messages.errorScreen.retry}
          </button>
        </div>
      ) : list.isPending ? (
        <p className="panel notice page-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {text.loading}
        </p>
      ) : tab === 'pending' ? (
        pendingOrders.length === 0 ? (
          <p className="panel billing__empty" role="status">{text.emptyPending}</p>
        ) : (
          <PendingTable orders={pendingOrders} selected={selected} onSelect={select} onConfirm={(o) => void confirmOne(o)} actions={actions} />
        )
      ) : confirmedOrders.length === 0 ? (
        <p className="panel billing__empty" role="status">{text.emptyConfirmed}</p>
      ) : (
        <>
          <ConfirmedTable orders={confirmedOrders} onUndo={setUndoing} actions={actions} />
          <nav className="billing__pager" aria-label={messages.orderTable.pagination}>
            <button type="button" className="button button--small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {text.previous}
            </button>
            <span>{text.page(page, pages)}</span>
            <button type="button" className="button button--small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {text.next}
            </button>
          </nav>
        </>
      )}

      {undoing && (
        <UndoDialog
          order={undoing}
          busy={commands.undo.isPending}
          error={commands.undo.error ? errorText(commands.undo.error) : null}
          onClose={() => {
            commands.undo.reset();
            setUndoing(null);
          }}
          onUndo={(reason) =>
            commands.undo.mutate(
              { id: undoing.id, reason },
              {
                onSuccess: () => {
                  flash.success(text.undone(undoing.orderNumber));
                  setUndoing(null);
                },
              },
            )
          }
        />
      )}
      {removing && (
        <RemoveDialog
          order={removing}
          busy={commands.remove.isPending}
          error={commands.remove.error ? errorText(commands.remove.error) : null}
          onClose={() => {
            commands.remove.reset();
            setRemoving(null);
          }}
          onRemove={() =>
            commands.remove.mutate(removing.id, {
              onSuccess: () => {
                flash.success(text.removed(removing.orderNumber));
                select([removing.id], false);
                setRemoving(null);
              },
            })
          }
        />
      )}
    </div>
  );
}
