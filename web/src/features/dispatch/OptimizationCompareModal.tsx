import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import type { OptimizedRouteView, TourOptimizationResponse } from '../../api/dispositionTypes';
import { useApplyOptimization, useOperationResult, useResetOptimization, useTourOptimization } from '../../api/optimization';
import { Modal } from '../../components/Modal';
import { withReason } from './useDispatchActions';
import { formatEuro, formatKm, formatMinutes } from './optimizationFormat';
import { clockOfDateTime } from './time';

const text = messages.optimization;

export interface OptimizationCompareModalProps {
  tourId: string;
  tourNumber: string;
  /** Absent for roles that do not plan: the comparison only shows. */
  canPlan: boolean;
  onClose(): void;
  onSuccess(message: string): void;
  onError(message: string): void;
}

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' }) : '');

/** A map-less drawing of a route: the stops in sequence, from the start, as numbered circles. */
function RouteDrawing({ route, label }: { route: OptimizedRouteView; label: string }) {
  const step = 70;
  const width = 40 + step * route.sequence.length;
  return (
    <svg className="optimization-route" viewBox={`0 0 ${width} 56`} width={width} height={56} role="img" aria-label={`${text.routeDrawing}: ${label}`}>
      <circle cx={16} cy={24} r={7} className="optimization-route__start" />
      {route.sequence.map((stop, i) => {
        const x = 16 + step * (i + 1);
        return (
          <g key={stop.orderId}>
            <line x1={x - step + 9} y1={24} x2={x - 14} y2={24} className="optimization-route__leg" markerEnd="url(#optimization-arrow)" />
            <circle cx={x} cy={24} r={12} className={stop.late ? 'optimization-route__stop optimization-route__stop--late' : 'optimization-route__stop'} />
            <text x={x} y={28} textAnchor="middle" className="optimization-route__number">
              {i + 1}
            </text>
            <text x={x} y={52} textAnchor="middle" className="optimization-route__label">
              {stop.orderNumber?.slice(-4) ?? ''}
            </text>
          </g>
        );
      })}
      <defs>
        <marker id="optimization-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" className="optimization-route__arrow" />
        </marker>
      </defs>
    </svg>
  );
}

function RouteColumn({ title, route, testId }: { title: string; route: OptimizedRouteView; testId: string }) {
  return (
    <section className="optimization-compare__column" data-testid={testId}>
      <h3 className="tour-details__title">{title}</h3>
      <RouteDrawing route={route} label={title} />
      <dl className="optimization-compare__facts">
        <div>
          <dt>{text.distance}</dt>
          <dd>{text.km(formatKm(route.emptyKm))}</dd>
        </div>
        <div>
          <dt>{text.duration}</dt>
          <dd>
            {messages.dispatchScreen.details.clock(clockOfDateTime(route.endTime))}
            {route.durationMinutes !== null && <> ({text.minutes(route.durationMinutes.toLocaleString('de-DE'))})</>}
          </dd>
        </div>
      </dl>
      <table className="tour-details__orders">
        <thead>
          <tr>
            <th>{messages.dispatchScreen.details.sequence}</th>
            <th>{messages.dispatchScreen.details.orders}</th>
            <th>{text.sequence}</th>
            <th>{messages.dispatchScreen.details.arrival}</th>
          </tr>
        </thead>
        <tbody>
          {route.sequence.map((stop) => (
            <tr key={stop.orderId} className={stop.late ? 'optimization-compare__late' : undefined}>
              <td>{stop.sequenceNumber}</td>
              <td>{stop.orderNumber}</td>
              <td>{[stop.loadingPlantName, stop.deliveryPlantName].filter(Boolean).join(' → ')}</td>
              <td>
                {clockOfDateTime(stop.estimatedArrival)}
                {stop.wantedTime && <span className="optimization-compare__wanted"> ({stop.wantedTime})</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function History({ data, failed }: { data: TourOptimizationResponse | undefined; failed: boolean }) {
  // dispatch.md §8: a history that fails to load is shown empty, with the message.
  const entries = failed ? [] : (data?.history ?? []);
  return (
    <section className="optimization-compare__history">
      <h3 className="tour-details__title">{text.history}</h3>
      {failed && (
        <p className="alert alert--error" role="alert">
          {text.historyError}
        </p>
      )}
      {entries.length === 0 && !failed ? (
        <p className="placeholder-text">{text.noHistory}</p>
      ) : (
        <ul className="optimization-compare__history-list">
          {entries.map((entry) => (
            <li key={entry.operationId}>
              <span>{dateTime(entry.requestedAt)}</span> · <strong>{text.status[entry.status]}</strong>
              {entry.savings && <> · {text.savings}: {text.km(formatKm(entry.savings.distanceSaved))}, {formatEuro(entry.savings.costSaved)}</>}
              {entry.appliedAt && <> · {text.historyEvent.applied} {dateTime(entry.appliedAt)}</>}
              {entry.resetAt && <> · {text.historyEvent.reset} {dateTime(entry.resetAt)}</>}
              {entry.error && <> · {entry.error}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Optimierungsvergleich (dispatch.md §2): original vs optimized, the history, Übernehmen and Zurücksetzen after a confirmation. */
export function OptimizationCompareModal({ tourId, tourNumber, canPlan, onClose, onSuccess, onError }: OptimizationCompareModalProps) {
  const record = useTourOptimization(tourId);
  const latestCompleted = record.data?.history.find((entry) => entry.status === 'completed') ?? null;
  const result = useOperationResult(latestCompleted?.operationId ?? null);
  const apply = useApplyOptimization();
  const reset = useResetOptimization();
  const [confirm, setConfirm] = useState<'apply' | 'reset' | null>(null);
  const answer = result.data?.result;
  const applied = record.data?.optimization.route_optimized ?? false;
  const canApply = canPlan && !!answer && !applied && !latestCompleted?.resetAt;
  const canReset = canPlan && !!answer && !latestCompleted?.resetAt;

  const run = async () => {
    const what = confirm;
    setConfirm(null);
    if (what === 'apply' && answer && latestCompleted) {
      try {
        await apply.mutateAsync({ tourId, operationId: latestCompleted.operationId, optimizedRoutes: answer.optimizedRoutes, savings: answer.savings });
        await result.refetch();
        onSuccess(text.applied(tourNumber));
      } catch (failure) {
        onError(withReason(text.applyError, failure));
      }
    } else if (what === 'reset') {
      try {
        await reset.mutateAsync(tourId);
        await result.refetch();
        onSuccess(text.resetDone(tourNumber));
      } catch (failure) {
        onError(withReason(text.resetError, failure));
      }
    }
  };

  return (
    <Modal
      title={`${text.modalTitle} – ${messages.dispatchScreen.tour(tourNumber)}`}
      onClose={onClose}
      size="large"
      footer={
        confirm ? (
          <>
            <span className="optimization-compare__question" role="alert">
              {confirm === 'apply' ? text.confirmApply(tourNumber) : text.confirmReset(tourNumber)}
            </span>
            <span className="modal__footer-spacer" />
            <button type="button" className="button" onClick={() => setConfirm(null)}>
              {messages.dispatchScreen.cancel}
            </button>
            <button type="button" className={confirm === 'reset' ? 'button button--danger' : 'button button--primary'} data-autofocus onClick={() => void run()}>
              {confirm === 'apply' ? text.apply : text.reset}
            </button>
          </>
        ) : (
          <>
            <span className="modal__footer-spacer" />
            {canReset && (
              <button type="button" className="button button--danger" onClick={() => setConfirm('reset')}>
                {text.reset}
              </button>
            )}
            {canApply && (
              <button type="button" className="button" onClick={() => setConfirm('apply')}>
                {text.apply}
              </button>
            )}
            <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
              {messages.dispatchScreen.close}
            </button>
          </>
        )
      }
    >
      <div className="optimization-compare">
        {answer ? (
          <>
            <p className="optimization-compare__summary" data-testid="optimization-savings">
              <strong>{text.savings}:</strong> {text.km(formatKm(answer.savings.distanceSaved))} · {text.minutes(formatMinutes(answer.savings.timeSaved))} ·{' '}
              {formatEuro(answer.savings.costSaved)}
              {answer.savings.distanceSaved === 0 && <> – {text.noSavings}</>}
              {applied && <> · {text.historyEvent.applied}</>}
            </p>
            {!answer.feasible && (
              <p className="alert alert--error" role="alert">
                {text.infeasible}{' '}
                {text.lateOrders(answer.optimized.sequence.filter((s) => s.late).map((s) => s.orderNumber ?? s.orderId).join(', '))}
              </p>
            )}
            <div className="optimization-compare__columns">
              <RouteColumn title={text.original} route={answer.original} testId="optimization-original" />
              <RouteColumn title={text.optimized} route={answer.optimized} testId="optimization-optimized" />
            </div>
          </>
        ) : (
          <p className="placeholder-text">{record.isLoading || result.isLoading ? messages.dispatchScreen.loading : text.noResult}</p>
        )}
        <History data={record.data} failed={record.isError} />
      </div>
    </Modal>
  );
}
