import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { Modal } from '../../components/Modal';
import { type ConnectionSuggestion, useAssignConnection, useMosiSuggestions } from '../../api/utilization';
import { warningsOf, withReason } from './useDispatchActions';
import './insights.css';

const text = messages.dispatchInsights;

export interface MosiModalProps {
  tourId: string;
  tourNumber: string;
  canPlan: boolean;
  /** Asks the dispatcher to confirm the server's warnings (vehicle in the workshop). */
  confirmWarning(message: string): Promise<boolean>;
  onClose(): void;
  onAssigned(message: string): void;
  onError(message: string): void;
}

/**
 * MOSI Disponent (dispatch.md §2, §4 "MOSI analysis modal"): loading, then the top 5 open orders
 * that fit after the tour's end location, or none; assigning one joins it to the tour.
 */
export function MosiModal({ tourId, tourNumber, canPlan, confirmWarning, onClose, onAssigned, onError }: MosiModalProps) {
  const query = useMosiSuggestions(tourId);
  const { mutateAsync } = useAssignConnection();
  const [busy, setBusy] = useState<string | null>(null);

  const assign = async (suggestion: ConnectionSuggestion) => {
    setBusy(suggestion.orderId);
    try {
      let answer;
      try {
        answer = await mutateAsync({ tourId, orderId: suggestion.orderId });
      } catch (failure) {
        const warning = warningsOf(failure);
        if (!warning) throw failure;
        if (!(await confirmWarning(warning))) return;
        answer = await mutateAsync({ tourId, orderId: suggestion.orderId, confirmWarnings: true });
      }
      onAssigned(answer.joined ? text.mosiAssigned(suggestion.orderNumber, tourNumber) : text.mosiAssignedNewTour(suggestion.orderNumber));
    } catch (failure) {
      onError(withReason(messages.dispatch.errors.assignOrder, failure));
    } finally {
      setBusy(null);
    }
  };

  const data = query.data;
  return (
    <Modal title={text.mosiTitle(tourNumber)} onClose={onClose} size="large" className="mosi-modal">
      {query.isPending ? (
        <p className="notice" role="status">
          {text.mosiLoading}
        </p>
      ) : query.isError || !data ? (
        <p className="notice notice--error" role="alert">
          {text.mosiError}
        </p>
      ) : (
        <>
          <p className="mosi-intro">{text.mosiIntro(data.tour.endTime)}</p>
          {data.suggestions.length === 0 ? (
            <p className="notice" role="status">
              {text.mosiNone}
            </p>
          ) : (
            <ol className="mosi-list" aria-label={messages.dispatchInsights.mosiMenu}>
              {data.suggestions.map((s) => (
                <li key={s.orderId} className="mosi-item" data-testid="mosi-suggestion" data-order-id={s.orderId}>
                  <div>
                    <div className="mosi-item__title">
                      {s.orderNumber} · {s.customer ?? '–'}
                    </div>
                    <div className="mosi-item__facts">
                      {[s.material, text.quantity(s.quantity), `${text.from}: ${s.plantName ?? '–'}`, `${text.to}: ${[s.deliveryAddress, s.deliveryCity].filter(Boolean).join(', ') || '–'}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                    <div className="mosi-item__facts">
                      {text.emptyRun} {text.km(s.distance)} · {text.travelTime} {text.minutes(s.travelTime)} · {text.delivery} {text.clock(s.deliveryTime)}
                    </div>
                  </div>
                  <div className={`mosi-item__score mosi-item__score--${s.compatibility}`}>
                    {text.suitability} {text.percent(s.suitabilityScore)} · {text.compatibility[s.compatibility]}
                  </div>
                  <p className="mosi-item__reason">{s.reasoning}</p>
                  {canPlan && (
                    <div>
                      <button type="button" className="button button--primary button--small" disabled={busy !== null} onClick={() => void assign(s)}>
                        {text.mosiAssign}
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Modal>
  );
}
