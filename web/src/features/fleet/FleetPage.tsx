import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useFuelCards, useTrailers, useVehicles } from '../../api/fleet';
import type { FuelCard, Trailer, Vehicle } from '../../api/fleetTypes';
import { FlashMessages } from '../../components/FlashMessages';
import { PageLoading } from '../../components/PageLoading';
import { todayInBerlin } from '../../components/format';
import { Icon } from '../../components/icons';
import { useFlash } from '../../components/useFlash';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { DeleteVehicleDialog } from './DeleteVehicleDialog';
import { DocumentsOverview } from './DocumentsOverview';
import { FilterPanel } from './FilterPanel';
import { FleetToolbar, type FleetView } from './FleetToolbar';
import {
  activeFilterCount,
  bulkDispatchTarget,
  byPlate,
  filterFuelCards,
  filterTrailers,
  filterVehicles,
  type FleetFilters,
  fleetSummary,
  NO_FILTERS,
} from './fleetLogic';
import { FuelCardFormModal } from './FuelCardFormModal';
import { FuelCardList } from './FuelCardList';
import { SummaryTiles } from './SummaryTiles';
import { TrailerDetailModal } from './TrailerDetailModal';
import { TrailerFormModal } from './TrailerFormModal';
import { TrailerList } from './TrailerList';
import { errorMessage, useFleetActions } from './useFleetActions';
import { useFleetLiveUpdates } from './useFleetLiveUpdates';
import { useFleetPermissions } from './useFleetPermissions';
import { usePinReveal } from './usePinReveal';
import type { VehicleRowActions } from './VehicleActions';
import { VehicleCards } from './VehicleCards';
import { VehicleDetailModal } from './VehicleDetailModal';
import { VehicleFormModal } from './VehicleFormModal';
import { VehicleTable } from './VehicleTable';
import type { SubjectKind } from '../../api/workshop';
import { CompleteAppointmentWizard } from './workshop/CompleteAppointmentWizard';
import { HistoryDialog } from './workshop/HistoryDialog';
import { PlanAppointmentWizard, type PlanSubject } from './workshop/PlanAppointmentWizard';
import { SmartServiceModal } from '../smart-service/SmartServiceModal';
import './fleet.css';

export type FleetTab = 'vehicles' | 'trailers' | 'documents' | 'fuelCards';
const TABS: readonly FleetTab[] = ['vehicles', 'trailers', 'documents', 'fuelCards'];

/** Issue 14: the analytics dialog (with its charts) loads when it is first opened. */
const VehicleAnalyticsDialog = lazy(() => import('./analytics/VehicleAnalyticsDialog').then((m) => ({ default: m.VehicleAnalyticsDialog })));

type Dialog =
  | { kind: 'vehicleForm'; vehicle?: Vehicle }
  | { kind: 'vehicleDetail'; vehicleId: string }
  | { kind: 'deleteVehicle'; vehicle: Vehicle }
  | { kind: 'trailerForm'; trailer?: Trailer }
  | { kind: 'trailerDetail'; trailerId: string }
  | { kind: 'deleteTrailer'; trailer: Trailer }
  | { kind: 'fuelCardForm'; card?: FuelCard }
  | { kind: 'deleteFuelCard'; card: FuelCard }
  | { kind: 'planAppointment'; subject: PlanSubject }
  | { kind: 'smartService'; vehicle: Vehicle }
  | { kind: 'completeAppointment'; subjectKind: SubjectKind; id: string; plate: string }
  | { kind: 'history'; subjectKind: SubjectKind; id: string; plate: string }
  | { kind: 'analytics'; vehicleId: string; plate: string }
  | null;

const VIEW_KEY = 'dispo.fleet.view';
/** fleet.md §9: a vehicle just created or saved stays highlighted for 2000 ms. */
export const HIGHLIGHT_MS = 2_000;

function storedView(): FleetView {
  try {
    return localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

/**
 * Fuhrparkverwaltung (fleet.md §2): tabs Fahrzeuge, Auflieger, Dokumente and Tankkarten with counts,
 * search, filters, summary tiles, the vehicle list as cards or table, and the dialogs. Other users'
 * changes arrive through the socket.
 */
export function FleetPage() {
  const text = messages.fleetScreen;
  const spec = messages.fleet;
  const flash = useFlash();
  const { canWrite, canRevealPin, canPlanAppointments } = useFleetPermissions();
  useFleetLiveUpdates();
  const vehiclesQuery = useVehicles();
  const trailersQuery = useTrailers();
  const fuelCardsQuery = useFuelCards();
  const actions = useFleetActions(flash);
  const reveal = usePinReveal((error) => flash.error(errorMessage(error)));

  const [tab, setTab] = useState<FleetTab>('vehicles');
  const [filters, setFilters] = useState<FleetFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [view, setView] = useState<FleetView>(storedView);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const today = todayInBerlin();

  useEffect(() => {
    if (!highlightId) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  const vehicles = useMemo(() => [...(vehiclesQuery.data ?? [])].sort(byPlate), [vehiclesQuery.data]);
  const trailers = useMemo(() => trailersQuery.data ?? [], [trailersQuery.data]);
  const fuelCards = useMemo(() => fuelCardsQuery.data ?? [], [fuelCardsQuery.data]);
  const visibleVehicles = useMemo(() => filterVehicles(vehicles, filters, today), [vehicles, filters, today]);
  const visibleTrailers = useMemo(() => filterTrailers(trailers, filters), [trailers, filters]);
  const visibleCards = useMemo(() => filterFuelCards(fuelCards, filters), [fuelCards, filters]);
  // The documents area lists the vehicles the search finds.
  const documentVehicles = useMemo(
    () => filterVehicles(vehicles, { ...NO_FILTERS, search: filters.search }, today),
    [vehicles, filters.search, today],
  );
  // The counts come with the vehicle list: no request per vehicle (and none for a deleted one).
  const documentCount = documentVehicles.reduce((sum, vehicle) => sum + (vehicle.document_count ?? 0), 0);
  const summary = useMemo(() => fleetSummary(vehicles), [vehicles]);

  // What is selected and visible: a filter hides vehicles from the selection, the bulk toggle acts on what is shown.
  const selected = useMemo(() => visibleVehicles.filter((vehicle) => selectedIds.has(vehicle.id)), [visibleVehicles, selectedIds]);
  const selectedSet = useMemo(() => new Set(selected.map((vehicle) => vehicle.id)), [selected]);

  const counts: Record<FleetTab, number | null> = {
    vehicles: vehiclesQuery.data ? visibleVehicles.length : null,
    trailers: trailersQuery.data ? visibleTrailers.length : null,
    documents: vehiclesQuery.data ? documentCount : null,
    fuelCards: fuelCardsQuery.data ? visibleCards.length : null,
  };

  const vehicleActions: VehicleRowActions = {
    onDetails: (vehicle) => setDialog({ kind: 'vehicleDetail', vehicleId: vehicle.id }),
    onEdit: (vehicle) => setDialog({ kind: 'vehicleForm', vehicle }),
    onDelete: (vehicle) => setDialog({ kind: 'deleteVehicle', vehicle }),
    onPlanAppointment: (vehicle) =>
      setDialog({ kind: 'planAppointment', subject: { kind: 'vehicle', id: vehicle.id, plate: vehicle.license_plate, trailers: vehicle.auflieger } }),
    onCompleteAppointment: (vehicle) => setDialog({ kind: 'completeAppointment', subjectKind: 'vehicle', id: vehicle.id, plate: vehicle.license_plate }),
    onHistory: (vehicle) => setDialog({ kind: 'history', subjectKind: 'vehicle', id: vehicle.id, plate: vehicle.license_plate }),
    onSmartService: (vehicle) => setDialog({ kind: 'smartService', vehicle }),
    onAnalytics: (vehicle) => setDialog({ kind: 'analytics', vehicleId: vehicle.id, plate: vehicle.license_plate }),
  };
  const trailerWorkshop = {
    canPlan: canPlanAppointments,
    onPlan: (trailer: Trailer) =>
      setDialog({ kind: 'planAppointment', subject: { kind: 'trailer', id: trailer.id, plate: trailer.kennzeichen, tractorId: trailer.zugmaschineId } }),
    onComplete: (trailer: Trailer) => setDialog({ kind: 'completeAppointment', subjectKind: 'trailer', id: trailer.id, plate: trailer.kennzeichen }),
    onHistory: (trailer: Trailer) => setDialog({ kind: 'history', subjectKind: 'trailer', id: trailer.id, plate: trailer.kennzeichen }),
  };

  const changeView = (next: FleetView) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  };

  const select = (id: string, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggleSelected = async () => {
    if (await actions.toggleDispatchOf(selected)) setSelectedIds(new Set());
  };

  const loadError = [vehiclesQuery, trailersQuery, fuelCardsQuery].find((query) => query.isError)?.error ?? null;
  const retry = () => {
    void vehiclesQuery.refetch();
    void trailersQuery.refetch();
    void fuelCardsQuery.refetch();
  };

  const detailVehicle = dialog?.kind === 'vehicleDetail' ? vehicles.find((vehicle) => vehicle.id === dialog.vehicleId) : undefined;
  const detailTrailer = dialog?.kind === 'trailerDetail' ? trailers.find((trailer) => trailer.id === dialog.trailerId) : undefined;
  const closeDialog = () => setDialog(null);
  /** An error belongs to what was on screen: moving elsewhere puts it away. */
  const clearErrors = () => {
    for (const message of flash.flashes) if (message.kind === 'error') flash.dismiss(message.id);
  };
  const openTab = (next: FleetTab) => {
    clearErrors();
    setTab(next);
  };
  const saved = (message: string) => {
    flash.success(message);
    setDialog(null);
  };

  const listProps = {
    vehicles: visibleVehicles,
    selected: selectedSet,
    actions: vehicleActions,
    onToggleDispatch: (vehicle: Vehicle) => void actions.toggleDispatch(vehicle),
    dispatchPendingId: actions.dispatchPendingId,
    canWrite,
    today,
    highlightId,
  };

  return (
    <div className="page fleet-page">
      <header className="fleet-header">
        <div className="fleet-header__titles">
          <h1 className="page__title">{messages.areas.fleetTitle}</h1>
          <p className="page__subtitle">{text.subtitle}</p>
        </div>
        {canWrite && (
          <div className="fleet-header__actions">
            <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'vehicleForm' })}>
              <Icon name="plus" size={16} />
              {spec.newVehicle}
            </button>
            <button type="button" className="button" onClick={() => setDialog({ kind: 'trailerForm' })}>
              <Icon name="plus" size={16} />
              {spec.newTrailer}
            </button>
            <button type="button" className="button" onClick={() => setDialog({ kind: 'fuelCardForm' })}>
              <Icon name="plus" size={16} />
              {spec.newFuelCard}
            </button>
          </div>
        )}
      </header>

      <FlashMessages flashes={flash.flashes} onDismiss={flash.dismiss} errorTitle={spec.error} />
      {loadError && (
        <div className="alert alert--error fleet-load-error" role="alert">
          <span>
            <strong className="flash__title">{spec.error}</strong>
            {loadError.message}
          </span>
          <button type="button" className="button button--small" onClick={retry}>
            {messages.errorScreen.retry}
          </button>
        </div>
      )}

      <div className="fleet-tabs" role="tablist" aria-label={text.tabsLabel}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`fleet-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`fleet-panel-${key}`}
            className={`fleet-tab${tab === key ? ' fleet-tab--active' : ''}`}
            onClick={() => openTab(key)}
          >
            <Icon
              name={key === 'vehicles' ? 'truck' : key === 'trailers' ? 'trailer' : key === 'documents' ? 'file' : 'creditCard'}
              size={16}
            />
            {spec.tabs[key]}
            <span className="fleet-count" data-testid={`count-${key}`}>
              {counts[key] ?? '…'}
            </span>
          </button>
        ))}
      </div>

      <FleetToolbar
        search={filters.search}
        onSearch={(search) => setFilters((current) => ({ ...current, search }))}
        view={view}
        onViewChange={changeView}
        vehicleTools={tab === 'vehicles'}
        filterTools={tab === 'vehicles' || tab === 'trailers'}
        filtersOpen={filtersOpen}
        activeFilters={activeFilterCount(filters)}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        selection={{ visible: visibleVehicles.length, selected: selected.length }}
        onSelectAll={(on) => setSelectedIds(on ? new Set(visibleVehicles.map((vehicle) => vehicle.id)) : new Set())}
        canWrite={canWrite}
        onToggleDispatch={() => void toggleSelected()}
        dispatchTitle={bulkDispatchTarget(selected) ? text.releaseSelection(selected.length) : text.lockSelection(selected.length)}
        bulkBusy={actions.bulkPending}
      />

      {filtersOpen && (tab === 'vehicles' || tab === 'trailers') && (
        <FilterPanel
          filters={filters}
          onChange={(changes) => setFilters((current) => ({ ...current, ...changes }))}
          onReset={() => setFilters((current) => ({ ...NO_FILTERS, search: current.search }))}
          vehicleFilters={tab === 'vehicles'}
        />
      )}

      <div role="tabpanel" id={`fleet-panel-${tab}`} aria-labelledby={`fleet-tab-${tab}`} className="fleet-panel">
        {tab === 'vehicles' && (
          <>
            <SummaryTiles summary={summary} />
            {vehiclesQuery.isPending && <p className="panel notice">{text.loading}</p>}
            {vehiclesQuery.data && visibleVehicles.length === 0 && (
              <div className="panel fleet-empty">
                <p className="fleet-empty__title">{spec.noVehicles}</p>
              </div>
            )}
            {visibleVehicles.length > 0 &&
              (view === 'table' ? (
                <VehicleTable {...listProps} onSelectionChange={setSelectedIds} />
              ) : (
                <VehicleCards {...listProps} onSelect={select} />
              ))}
          </>
        )}

        {tab === 'trailers' && (
          <>
            {trailersQuery.isPending && <p className="panel notice">{text.loading}</p>}
            {trailersQuery.data && visibleTrailers.length === 0 && (
              <div className="panel fleet-empty">
                <p className="fleet-empty__title">{spec.noTrailers}</p>
              </div>
            )}
            {visibleTrailers.length > 0 && (
              <TrailerList
                trailers={visibleTrailers}
                canWrite={canWrite}
                today={today}
                onDetails={(trailer) => setDialog({ kind: 'trailerDetail', trailerId: trailer.id })}
                onEdit={(trailer) => setDialog({ kind: 'trailerForm', trailer })}
                onDelete={(trailer) => setDialog({ kind: 'deleteTrailer', trailer })}
                workshop={trailerWorkshop}
              />
            )}
          </>
        )}

        {tab === 'documents' && (
          <DocumentsOverview
            vehicles={documentVehicles}
            fuelCards={fuelCards}
            fuelCardsLoading={fuelCardsQuery.isPending}
            loading={vehiclesQuery.isPending}
            canWrite={canWrite}
            canRevealPin={canRevealPin}
            flash={flash}
            onGoToVehicles={() => openTab('vehicles')}
            onNavigate={clearErrors}
          />
        )}

        {tab === 'fuelCards' && (
          <>
            {fuelCardsQuery.isPending && <p className="panel notice">{text.loading}</p>}
            {fuelCardsQuery.data && visibleCards.length === 0 && (
              <div className="panel fleet-empty">
                <p className="fleet-empty__title">{spec.noFuelCards}</p>
                {canWrite && (
                  <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'fuelCardForm' })}>
                    {spec.addFirstFuelCard}
                  </button>
                )}
              </div>
            )}
            {visibleCards.length > 0 && (
              <FuelCardList
                cards={visibleCards}
                canWrite={canWrite}
                canRevealPin={canRevealPin}
                reveal={reveal}
                onEdit={(card) => setDialog({ kind: 'fuelCardForm', card })}
                onDelete={(card) => setDialog({ kind: 'deleteFuelCard', card })}
              />
            )}
          </>
        )}
      </div>

      {dialog?.kind === 'vehicleForm' && (
        <VehicleFormModal
          {...(dialog.vehicle ? { vehicle: dialog.vehicle } : {})}
          onClose={closeDialog}
          onSaved={(vehicle, message) => {
            saved(message);
            setHighlightId(vehicle.id);
          }}
        />
      )}
      {detailVehicle && (
        <VehicleDetailModal
          vehicle={detailVehicle}
          today={today}
          canWrite={canWrite}
          canPlan={canPlanAppointments}
          onEdit={(vehicle) => setDialog({ kind: 'vehicleForm', vehicle })}
          onHistory={vehicleActions.onHistory}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'planAppointment' && <PlanAppointmentWizard subject={dialog.subject} onClose={closeDialog} onPlanned={saved} />}
      {dialog?.kind === 'completeAppointment' && (
        <CompleteAppointmentWizard kind={dialog.subjectKind} id={dialog.id} plate={dialog.plate} onClose={closeDialog} onCompleted={saved} />
      )}
      {dialog?.kind === 'smartService' && (
        <SmartServiceModal
          vehicle={{ id: dialog.vehicle.id, plate: dialog.vehicle.license_plate }}
          date={today}
          canAct={canPlanAppointments}
          onClose={closeDialog}
          onDone={(message) => flash.success(message)}
        />
      )}
      {dialog?.kind === 'history' && <HistoryDialog kind={dialog.subjectKind} id={dialog.id} plate={dialog.plate} onClose={closeDialog} />}
      {dialog?.kind === 'analytics' && (
        <Suspense fallback={<PageLoading text={messages.vehicleAnalyticsScreen.loading} />}>
          <VehicleAnalyticsDialog vehicleId={dialog.vehicleId} plate={dialog.plate} onClose={closeDialog} />
        </Suspense>
      )}
      {dialog?.kind === 'deleteVehicle' && (
        <DeleteVehicleDialog
          vehicle={dialog.vehicle}
          busy={actions.deletePending}
          onClose={closeDialog}
          onConfirm={() => {
            const { vehicle } = dialog;
            void actions.deleteVehicle(vehicle).then((done) => {
              if (!done) return;
              setDialog(null);
              select(vehicle.id, false);
            });
          }}
        />
      )}
      {dialog?.kind === 'trailerForm' && (
        <TrailerFormModal
          {...(dialog.trailer ? { trailer: dialog.trailer } : {})}
          vehicles={vehicles}
          onClose={closeDialog}
          onSaved={(_trailer, message) => saved(message)}
        />
      )}
      {detailTrailer && (
        <TrailerDetailModal
          trailer={detailTrailer}
          canWrite={canWrite}
          onEdit={(trailer) => setDialog({ kind: 'trailerForm', trailer })}
          {...(canPlanAppointments ? { onNewAppointment: trailerWorkshop.onPlan } : {})}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'deleteTrailer' && (
        <ConfirmDeleteDialog
          title={text.deleteTrailerTitle}
          question={text.deleteTrailerQuestion(dialog.trailer.kennzeichen)}
          busy={actions.deletePending}
          onClose={closeDialog}
          onConfirm={() => {
            void actions.deleteTrailer(dialog.trailer).then((done) => {
              if (done) setDialog(null);
            });
          }}
        />
      )}
      {dialog?.kind === 'fuelCardForm' && (
        <FuelCardFormModal
          {...(dialog.card ? { card: dialog.card } : {})}
          vehicles={vehicles}
          onClose={closeDialog}
          onSaved={(_card, message) => saved(message)}
        />
      )}
      {dialog?.kind === 'deleteFuelCard' && (
        <ConfirmDeleteDialog
          title={text.deleteFuelCardTitle}
          question={text.deleteFuelCardQuestion(dialog.card.card_number)}
          busy={actions.deletePending}
          onClose={closeDialog}
          onConfirm={() => {
            void actions.deleteFuelCard(dialog.card).then((done) => {
              if (done) setDialog(null);
            });
          }}
        />
      )}
    </div>
  );
}
