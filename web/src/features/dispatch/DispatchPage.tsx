import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '@dispo/domain/messages';
import type { DispatchVehicle, OpenOrder, Tour, TourStatus } from '../../api/dispositionTypes';
import { useSession } from '../auth/useSession';
import { isModalOpen } from '../../components/Modal';
import { AssignDialog } from './AssignDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { ContextMenu, type MenuItem } from './ContextMenu';
import { DispatchHeader } from './DispatchHeader';
import { DispatchHelpModal } from './DispatchHelpModal';
import { DispatchSettingsModal } from './DispatchSettingsModal';
import { DATE_PARAM } from './dateParam';
import { useDispatchDate } from './dispatchDate';
import { tourNumberOf } from './format';
import { tourSpan } from './grid';
import { Legend } from './Legend';
import { MessageLineView } from './MessageLineView';
import { PlanProblemsDialog } from './PlanProblemsDialog';
import { OpenOrdersSidebar } from './OpenOrdersSidebar';
import { preferredMinutes } from './sidebarFilter';
import { Timeline } from './Timeline';
import type { RowHandlers } from './TimelineRow';
import { TourDetailsModal } from './TourDetailsModal';
import { OptimizationCompareModal } from './OptimizationCompareModal';
import { useOptimizationRuns } from './useOptimizationRuns';
import { TourOverview } from './TourOverview';
import { useDispatchActions, withReason } from './useDispatchActions';
import { useDispatchData } from './useDispatchData';
import { useDispatchSettings } from './useDispatchSettings';
import { useMediaQuery, WIDE_SCREEN } from './useMediaQuery';
import { useMessageLine } from './useMessageLine';
import { type DisplayTour, useOptimistic } from './useOptimistic';
import { useSidebarState } from './useSidebarState';
import { useFleetPermissions } from '../fleet/useFleetPermissions';
import { SmartServiceModal } from '../smart-service/SmartServiceModal';
import { useDispoDay, useTimelineIndicators } from '../../api/utilization';
import { MosiModal } from './MosiModal';
import { DayPlanControls } from './DayPlanControls';
import { VehiclePanel } from './VehiclePanel';
import { completionTime, CompletionTrace, useTourPlanMailFailures } from './DayCompletion';
import { useDeleteTour } from '../../api/disposition';
import { PlanAppointmentWizard } from '../fleet/workshop/PlanAppointmentWizard';
import './dispatch.css';

const text = messages.dispatchScreen;
const LIVE_DISPO_KEY = 'dispo.dispatch.liveDispo';
const VEHICLE_PANEL_KEY = 'dispo.dispatch.vehiclePanel';

type Menu = { kind: 'tour'; tour: DisplayTour; x: number; y: number } | { kind: 'vehicle'; vehicle: DispatchVehicle; x: number; y: number };
type Dialog =
  | { kind: 'help' }
  | { kind: 'settings' }
  | { kind: 'details'; tourId: string; initial?: Tour }
  | { kind: 'optimization'; tourId: string; tourNumber: string }
  | { kind: 'mosi'; tourId: string; tourNumber: string }
  | { kind: 'delete'; tour: Tour }
  | { kind: 'completeAgain'; name: string; when: string }
  | { kind: 'planProblems'; message: string; problems: string[] }
  | { kind: 'confirm'; tours: Tour[] }
  | { kind: 'assign'; order: OpenOrder }
  | { kind: 'move'; tour: Tour }
  | { kind: 'workshop'; vehicle: DispatchVehicle }
  | { kind: 'smartService'; vehicle: DispatchVehicle };

function loadLiveDispo(): boolean {
  try {
    return localStorage.getItem(LIVE_DISPO_KEY) === 'true';
  } catch {
    return false;
  }
}

function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * Disposition (dispatch.md §2): plan the tours of one date on a timeline of the vehicles released for
 * dispatch, by dragging the open orders of the sidebar onto a vehicle and time.
 */
/** The roles the dispatch commands accept (command-service/src/dispatch/dispatch-routes.ts); admin passes always. */
export const DISPATCH_PLANNER_ROLES = ['dispatcher', 'fleet_manager', 'admin'] as const;

/** Tours with an optimization this page started and still polls. */
function optimizingTourIds(runs: readonly { tourId: string }[]): Set<string> {
  return new Set(runs.map((run) => run.tourId));
}

export function DispatchPage() {
  const [, setSearchParams] = useSearchParams();
  const date = useDispatchDate();
  const [settings, saveSettings] = useDispatchSettings();
  const [sidebar, updateSidebar] = useSidebarState();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [liveDispo, setLiveDispo] = useState(loadLiveDispo);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [menu, setMenu] = useState<Menu | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Only planners change tours (docs/adr/0005: dispatcher, fleet_manager, admin); everyone else reads.
  const roles = useSession()?.user?.roles ?? [];
  const canPlan = DISPATCH_PLANNER_ROLES.some((role) => roles.includes(role));
  const { canPlanAppointments } = useFleetPermissions();
  const [refreshing, setRefreshing] = useState(false);
  const line = useMessageLine();
  const optimistic = useOptimistic();
  const data = useDispatchData(date, liveDispo, optimistic.ops);
  const [warning, setWarning] = useState<{ message: string; answer(go: boolean): void } | null>(null);
  const confirmWarning = useCallback((message: string) => new Promise<boolean>((answer) => setWarning({ message, answer })), []);
  const showPlanProblems = useCallback((message: string, problems: string[]) => setDialog({ kind: 'planProblems', message, problems }), []);
  const actions = useDispatchActions({ date, confettiEnabled: settings.confettiEnabled, optimistic, line, confirmWarning, showPlanProblems });
  const { vehicles, tours, openOrders } = data;
  // §2 indicators and drag preview: only with the setting `Visuelle KI-Hinweise`.
  const indicators = useTimelineIndicators(date, settings.visualAiEnabled);
  const { mutateAsync: deleteTourAsync } = useDeleteTour();
  const dispoDay = useDispoDay(date).data;
  const [vehiclePanel, setVehiclePanel] = useState(() => {
    try {
      return localStorage.getItem(VEHICLE_PANEL_KEY) === 'true';
    } catch {
      return false;
    }
  });
  useTourPlanMailFailures(line.error);

  // Only tours that are still there stay selected.
  const selection = useMemo(() => new Set(tours.filter((tour) => selected.has(tour.id)).map((tour) => tour.id)), [tours, selected]);
  const selectedTours = useMemo(() => tours.filter((tour) => selection.has(tour.id) && !tour.temporary), [tours, selection]);

  const { error: showError, success: showSuccess } = line;
  const optimizer = useOptimizationRuns(line);
  useEffect(() => {
    if (data.errorAt) showError(messages.dispatch.errors.loadData);
  }, [data.errorAt, showError]);

  const changeDate = useCallback(
    (next: string) => {
      setSelected(new Set());
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set(DATE_PARAM, next);
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      if (await data.refetchAll()) showSuccess(messages.dispatch.success.refreshed);
      else showError(messages.dispatch.errors.loadData);
    } finally {
      setRefreshing(false);
    }
  }, [data, showSuccess, showError]);

  const requestReset = useCallback((toReset: readonly Tour[]) => {
    const real = toReset.filter((tour) => !(tour as DisplayTour).temporary && !tour.keptReason);
    if (real.length > 0) setDialog({ kind: 'confirm', tours: real });
  }, []);

  const toggleSelection = useCallback((tour: Tour) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(tour.id)) next.delete(tour.id);
      else next.add(tour.id);
      return next;
    });
  }, []);

  // The timeline's handlers stay the same object; they call the current state through a ref.
  const impl = {
    onTourClick: (tour: DisplayTour, event: { ctrlKey: boolean; metaKey: boolean }) => {
      if (event.ctrlKey || event.metaKey) toggleSelection(tour);
      else setDialog({ kind: 'details', tourId: tour.id, initial: tour });
    },
    onTourToggle: toggleSelection,
    onTourOpen: (tour: DisplayTour) => setDialog({ kind: 'details', tourId: tour.id, initial: tour }),
    onTourMenu: (tour: DisplayTour, x: number, y: number) => setMenu({ kind: 'tour', tour, x, y }),
    onVehicleMenu: (vehicle: DispatchVehicle, x: number, y: number) => setMenu({ kind: 'vehicle', vehicle, x, y }),
    onDropOrder: (orderId: string, vehicleId: string, minutes: number) => {
      if (!canPlan) return;
      void actions.assign(
        openOrders.find((order) => order.id === orderId),
        vehicleId,
        minutes,
      );
    },
    onDropOrderOnTour: (orderId: string, tour: DisplayTour) => {
      if (!canPlan) return;
      void actions.assign(
        openOrders.find((order) => order.id === orderId),
        tour.vehicle_id,
        tourSpan(tour)[0],
      );
    },
    onDropTour: (tourId: string, vehicleId: string, minutes: number) => {
      if (!canPlan) return;
      void actions.move(
        tours.find((tour) => tour.id === tourId && !tour.temporary),
        vehicleId,
        minutes,
      );
    },
  };
  const latest = useRef(impl);
  useLayoutEffect(() => {
    latest.current = impl;
  });
  const handlers = useMemo<RowHandlers>(
    () => ({
      onTourClick: (tour, event) => latest.current.onTourClick(tour, event),
      onTourToggle: (tour) => latest.current.onTourToggle(tour),
      onTourOpen: (tour) => latest.current.onTourOpen(tour),
      onTourMenu: (tour, x, y) => latest.current.onTourMenu(tour, x, y),
      onVehicleMenu: (vehicle, x, y) => latest.current.onVehicleMenu(vehicle, x, y),
      onDropOrder: (orderId, vehicleId, minutes) => latest.current.onDropOrder(orderId, vehicleId, minutes),
      onDropOrderOnTour: (orderId, tour) => latest.current.onDropOrderOnTour(orderId, tour),
      onDropTour: (tourId, vehicleId, minutes) => latest.current.onDropTour(tourId, vehicleId, minutes),
      onTourDragStart: () => setMenu(null),
      onDragEnd: () => {},
    }),
    [],
  );

  // §2 "Keyboard": Ctrl/Cmd+Backspace resets the selected tours, Escape clears the selection.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isModalOpen() || menu) return;
      if (event.key === 'Escape' && selection.size > 0) {
        setSelected(new Set());
      } else if (
        canPlan &&
        event.key === 'Backspace' &&
        (event.ctrlKey || event.metaKey) &&
        !isEditable(event.target) &&
        selectedTours.length > 0
      ) {
        event.preventDefault();
        requestReset(selectedTours);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menu, selection, selectedTours, requestReset, canPlan]);

  const optimizing = optimizingTourIds(optimizer.running);
  const tourMenuItems = (tour: DisplayTour): MenuItem[] => [
    { id: 'details', label: messages.dispatch.showDetails, onSelect: () => setDialog({ kind: 'details', tourId: tour.id, initial: tour }) },
    // dispatch.md §2: the comparison only once the optimization is completed.
    ...(tour.optimization_status === 'completed'
      ? [{ id: 'compare', label: messages.optimization.compareMenu, onSelect: () => setDialog({ kind: 'optimization', tourId: tour.id, tourNumber: tourNumberOf(tour) }) }]
      : []),
    ...(canPlan && tour.orders.length >= 2 && tour.status !== 'completed' && tour.status !== 'cancelled'
      ? [
          {
            id: 'optimize',
            label: messages.optimization.startMenu,
            disabled: optimizing.has(tour.id) || tour.optimization_status === 'pending' || tour.optimization_status === 'in_progress',
            onSelect: () => void optimizer.start(tour),
          },
        ]
      : []),
    ...(!tour.temporary
      ? [{ id: 'mosi', label: messages.dispatchInsights.mosiMenu, onSelect: () => setDialog({ kind: 'mosi', tourId: tour.id, tourNumber: tourNumberOf(tour) }) }]
      : []),
    // Issue 31: a completed tour, or one with delivered or billed orders, is neither reset nor deleted.
    ...(canPlan && !tour.keptReason ? [{ id: 'reset', label: messages.dispatch.resetToOpenMenu, onSelect: () => requestReset([tour]), danger: true }] : []),
    ...(canPlan && !tour.temporary && !tour.keptReason ? [{ id: 'delete', label: messages.dispatchInsights.deleteTourMenu, onSelect: () => setDialog({ kind: 'delete', tour }), danger: true }] : []),
    // dispatch.md §2: the tour menu also offers Einstellungen and Aktualisieren.
    { id: 'settings', label: messages.dispatch.settings, onSelect: () => setDialog({ kind: 'settings' }) },
    { id: 'refresh', label: messages.dispatch.refresh, onSelect: () => void refresh() },
  ];
  const vehicleMenuItems = (vehicle: DispatchVehicle): MenuItem[] => [
    { id: 'smart-service', label: messages.smartService.menuEntry, onSelect: () => setDialog({ kind: 'smartService', vehicle }) },
    ...(canPlanAppointments ? [{ id: 'workshop', label: messages.workshopScreen.contextMenuEntry, onSelect: () => setDialog({ kind: 'workshop', vehicle }) }] : []),
    { id: 'settings', label: messages.dispatch.settings, onSelect: () => setDialog({ kind: 'settings' }) },
    { id: 'refresh', label: messages.dispatch.refresh, onSelect: () => void refresh() },
  ];

  const sidebarShown = wide && sidebar.open;
  const syncing = optimistic.ops.length > 0;
  const completeBlocked = data.serverOpenCount > 0;
  const completeDisabled = completeBlocked || syncing || actions.completing || data.loading;

  return (
    <div className="dispatch">
      <DispatchHeader
        date={date}
        onDateChange={changeDate}
        liveDispo={liveDispo}
        onLiveDispoChange={(on) => {
          setLiveDispo(on);
          try {
            localStorage.setItem(LIVE_DISPO_KEY, String(on));
          } catch {
            // storage unavailable
          }
        }}
        openOrderCount={openOrders.length}
        sidebarOpen={sidebar.open}
        sidebarAvailable={wide}
        onToggleSidebar={() => updateSidebar({ open: !sidebar.open })}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
        onSettings={() => setDialog({ kind: 'settings' })}
        onHelp={() => setDialog({ kind: 'help' })}
        dayControls={<DayPlanControls date={date} canSend={canPlan} onSuccess={showSuccess} onError={showError} />}
      />
      <MessageLineView messages={line.messages} onDismiss={line.dismiss} />
      <div className="dispatch__body">
        <section className="dispatch__main" aria-labelledby="dispatch-planning-title">
          <div className="dispatch__toolbar">
            <h2 id="dispatch-planning-title" className="dispatch__section-title">
              {messages.dispatch.title}
            </h2>
            {syncing && (
              <span className="sync-badge" role="status">
                {messages.dispatch.syncing}
              </span>
            )}
            {selection.size > 0 && (
              <span className="selection-info" role="status">
                {text.selected(selection.size)}
                <button type="button" className="button button--small" onClick={() => requestReset(selectedTours)}>
                  {text.resetSelection}
                </button>
                <button type="button" className="button button--small button--ghost" onClick={() => setSelected(new Set())}>
                  {text.clearSelection}
                </button>
              </span>
            )}
            <Legend />
            <button
              type="button"
              className={`button button--small${vehiclePanel ? ' button--pressed' : ''}`}
              aria-pressed={vehiclePanel}
              title={messages.dispatchInsights.availableVehiclesToggle}
              onClick={() => {
                const next = !vehiclePanel;
                setVehiclePanel(next);
                try {
                  localStorage.setItem(VEHICLE_PANEL_KEY, String(next));
                } catch {
                  // storage unavailable
                }
              }}
            >
              {messages.dispatchInsights.availableVehicles}
            </button>
            <span className="dispatch__spacer" />
            <CompletionTrace day={dispoDay} />
            {canPlan && (
              <button
                type="button"
                className="button button--primary"
                disabled={completeDisabled}
                title={completeBlocked ? text.completeBlocked(data.serverOpenCount) : undefined}
                onClick={() => {
                  // A completed day is completed again only after a question (each completion mails the plan).
                  if (dispoDay?.completed && dispoDay.completedBy && dispoDay.completedAt)
                    setDialog({ kind: 'completeAgain', name: dispoDay.completedBy.full_name, when: completionTime(dispoDay.completedAt) });
                  else void actions.complete();
                }}
              >
                {actions.completing ? text.completing : messages.dispatch.completeDay}
              </button>
            )}
          </div>
          {completeBlocked && (
            <p className="dispatch__hint" data-testid="complete-hint">
              {text.completeBlocked(data.serverOpenCount)}
            </p>
          )}
          {data.loading && vehicles.length === 0 ? (
            <p className="panel notice" role="status">
              {text.loading}
            </p>
          ) : (
            <Timeline
              date={date}
              vehicles={vehicles}
              tours={tours}
              settings={settings}
              selectedIds={selection}
              handlers={handlers}
              indicators={settings.visualAiEnabled ? indicators.data : undefined}
              dragPreview={settings.visualAiEnabled && canPlan}
            />
          )}
          {vehiclePanel && (
            <VehiclePanel
              vehicles={vehicles}
              {...(canPlan
                ? {
                    onDropOrder: (orderId: string, vehicleId: string) => {
                      const order = openOrders.find((o) => o.id === orderId);
                      void actions.assign(order, vehicleId, order ? (preferredMinutes(order) ?? settings.startHour * 60) : null);
                    },
                  }
                : {})}
            />
          )}
          {settings.tourOverviewEnabled && (
            <TourOverview
              tours={tours}
              vehicles={vehicles}
              onOpen={(tour) => setDialog({ kind: 'details', tourId: tour.id, initial: tour })}
            />
          )}
        </section>
        {sidebarShown && (
          <OpenOrdersSidebar
            date={date}
            orders={openOrders}
            loading={data.loading}
            state={sidebar}
            onChange={updateSidebar}
            {...(canPlan ? { onAssign: (order: OpenOrder) => setDialog({ kind: 'assign', order }) } : {})}
          />
        )}
      </div>

      {menu?.kind === 'tour' && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          label={text.tourMenu(tourNumberOf(menu.tour))}
          items={tourMenuItems(menu.tour)}
          onClose={() => setMenu(null)}
        />
      )}
      {menu?.kind === 'vehicle' && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          label={text.vehicleMenu(menu.vehicle.license_plate)}
          items={vehicleMenuItems(menu.vehicle)}
          onClose={() => setMenu(null)}
        />
      )}

      {dialog?.kind === 'help' && <DispatchHelpModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'smartService' && (
        <SmartServiceModal
          vehicle={{ id: dialog.vehicle.id, plate: dialog.vehicle.license_plate }}
          date={date}
          canAct={canPlanAppointments}
          onClose={() => setDialog(null)}
          onDone={showSuccess}
        />
      )}
      {dialog?.kind === 'workshop' && (
        <PlanAppointmentWizard
          subject={{ kind: 'vehicle', id: dialog.vehicle.id, plate: dialog.vehicle.license_plate, trailers: dialog.vehicle.auflieger ?? [] }}
          onClose={() => setDialog(null)}
          onPlanned={(message) => {
            setDialog(null);
            showSuccess(message);
          }}
        />
      )}
      {dialog?.kind === 'settings' && (
        <DispatchSettingsModal
          settings={settings}
          vehicleCount={vehicles.length}
          onClose={() => setDialog(null)}
          onSave={(next) => {
            saveSettings(next);
            setDialog(null);
            showSuccess(text.settingsForm.saved);
          }}
        />
      )}
      {dialog?.kind === 'details' && (
        <TourDetailsModal
          tourId={dialog.tourId}
          {...(dialog.initial ? { initial: dialog.initial } : {})}
          vehicles={vehicles}
          onClose={() => setDialog(null)}
          {...(canPlan
            ? {
                onReset: (tour: Tour) => requestReset([tour]),
                onMove: (tour: Tour) => setDialog({ kind: 'move', tour }),
                onDelete: (tour: Tour) => setDialog({ kind: 'delete', tour }),
                onChangeStatus: (tour: Tour, status: TourStatus) => void actions.changeStatus(tour, status),
              }
            : {})}
          onLoadError={() => showError(messages.dispatch.errors.loadTourDetails)}
        />
      )}
      {warning && (
        <ConfirmDialog
          title={text.warningTitle}
          message={warning.message}
          confirmLabel={text.assignDialog.assign}
          onClose={() => {
            // The dialog closes before it confirms: answer "no" only after a confirmation had its turn.
            queueMicrotask(() => warning.answer(false));
            setWarning(null);
          }}
          onConfirm={() => warning.answer(true)}
        />
      )}
      {dialog?.kind === 'optimization' && (
        <OptimizationCompareModal
          tourId={dialog.tourId}
          tourNumber={dialog.tourNumber}
          canPlan={canPlan}
          onClose={() => setDialog(null)}
          onSuccess={showSuccess}
          onError={showError}
        />
      )}
      {dialog?.kind === 'mosi' && (
        <MosiModal
          tourId={dialog.tourId}
          tourNumber={dialog.tourNumber}
          canPlan={canPlan}
          confirmWarning={confirmWarning}
          onClose={() => setDialog(null)}
          onAssigned={(message) => {
            setDialog(null);
            showSuccess(message);
          }}
          onError={showError}
        />
      )}
      {dialog?.kind === 'planProblems' && <PlanProblemsDialog message={dialog.message} problems={dialog.problems} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'completeAgain' && (
        <ConfirmDialog
          title={messages.dispatchInsights.completeAgainTitle}
          message={messages.dispatchInsights.completeAgainConfirm(dialog.name, dialog.when)}
          confirmLabel={messages.dispatchInsights.completeAgainButton}
          onClose={() => setDialog(null)}
          onConfirm={() => void actions.complete()}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={messages.dispatchInsights.deleteTourTitle}
          message={messages.dispatchInsights.deleteTourConfirm(tourNumberOf(dialog.tour))}
          confirmLabel={messages.dispatchInsights.deleteTourButton}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            const tour = dialog.tour;
            setSelected((current) => new Set([...current].filter((id) => id !== tour.id)));
            deleteTourAsync(tour.id).then(
              () => showSuccess(messages.dispatchInsights.tourDeleted(tourNumberOf(tour))),
              (failure: unknown) => showError(withReason(messages.dispatchInsights.tourDeleteFailed, failure)),
            );
          }}
        />
      )}
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          title={dialog.tours.length === 1 ? text.confirm.title : text.confirm.titleMany}
          message={
            dialog.tours.length === 1
              ? messages.dispatch.confirmReset(tourNumberOf(dialog.tours[0] as Tour))
              : text.confirm.many(dialog.tours.length)
          }
          confirmLabel={text.confirm.confirm}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            const toReset = dialog.tours;
            setSelected((current) => new Set([...current].filter((id) => !toReset.some((tour) => tour.id === id))));
            void actions.reset(toReset);
          }}
        />
      )}
      {dialog?.kind === 'assign' && (
        <AssignDialog
          mode="assign"
          title={text.assignDialog.assignTitle(dialog.order.order_number)}
          vehicles={vehicles}
          settings={settings}
          initialVehicleId=""
          initialMinutes={preferredMinutes(dialog.order)}
          onClose={() => setDialog(null)}
          onSubmit={(vehicleId, minutes) => void actions.assign(dialog.order, vehicleId, minutes)}
        />
      )}
      {dialog?.kind === 'move' && (
        <AssignDialog
          mode="move"
          title={text.assignDialog.moveTitle(tourNumberOf(dialog.tour))}
          vehicles={vehicles}
          settings={settings}
          initialVehicleId={dialog.tour.vehicle_id}
          initialMinutes={tourSpan(dialog.tour)[0]}
          onClose={() => setDialog(null)}
          onSubmit={(vehicleId, minutes) => void actions.move(dialog.tour, vehicleId, minutes)}
        />
      )}
    </div>
  );
}
