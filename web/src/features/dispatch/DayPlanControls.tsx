import { useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { tourPlanDeliveryText } from '@dispo/domain/order-mail/delivery';
import { useDispatchStats } from '../../api/disposition';
import { fetchTourPlanPdf, sendTourPlan } from '../../api/utilization';
import { saveBlob } from '../../components/download';
import { Modal } from '../../components/Modal';
import { formatNumber } from './format';
import { withReason } from './useDispatchActions';
import './insights.css';

const text = messages.dispatchInsights;

export interface DayPlanControlsProps {
  date: string;
  /** Planners may send the plan; everyone may download it. */
  canSend: boolean;
  onSuccess(message: string): void;
  onError(message: string): void;
}

/**
 * The day in the Disposition header: its figures (GET /api/disposition/stats: tours, orders, tonnes,
 * vehicles), the tour plan as PDF and `Tourenplan senden` to chosen recipients.
 */
export function DayPlanControls({ date, canSend, onSuccess, onError }: DayPlanControlsProps) {
  const stats = useDispatchStats(date);
  const [downloading, setDownloading] = useState(false);
  const [sending, setSending] = useState(false);
  const day = stats.data?.days.find((d) => d.date === date);

  const download = async () => {
    setDownloading(true);
    try {
      const file = await fetchTourPlanPdf(date);
      saveBlob(file.blob, file.fileName ?? `${messages.tourPlan.fileName}_${date}.pdf`);
    } catch (failure) {
      onError(withReason(text.tourPlanDownloadFailed, failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="day-plan" role="group" aria-label={text.statsLabel}>
      {day && (
        <span className="day-plan__stats" data-testid="day-stats" title={text.statsLabel}>
          {text.stats(day.tours, day.orders, formatNumber(day.tonnage), day.vehiclesUsed)}
        </span>
      )}
      <button type="button" className="button button--small" onClick={() => void download()} disabled={downloading}>
        {text.tourPlanPdf}
      </button>
      {canSend && (
        <button type="button" className="button button--small" onClick={() => setSending(true)}>
          {text.tourPlanSend}
        </button>
      )}
      {sending && (
        <SendTourPlanDialog
          date={date}
          onClose={() => setSending(false)}
          onSent={(message) => {
            setSending(false);
            onSuccess(message);
          }}
          onError={onError}
        />
      )}
    </div>
  );
}

function SendTourPlanDialog({ date, onClose, onSent, onError }: { date: string; onClose(): void; onSent(message: string): void; onError(message: string): void }) {
  const [recipients, setRecipients] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const list = recipients
        .split(/[\s,;]+/)
        .map((r) => r.trim())
        .filter(Boolean);
      const answer = await sendTourPlan({ targetDate: date, ...(list.length ? { recipients: list } : {}) });
      if (answer.tourPlanError) onError(answer.tourPlanError);
      else if (answer.tourPlanDelivery === 'retrying') onError(tourPlanDeliveryText(answer.tourPlanDelivery));
      else onSent(answer.tourPlanQueued ? tourPlanDeliveryText(answer.tourPlanDelivery ?? 'no_server') : text.tourPlanSent(answer.recipients.length));
    } catch (failure) {
      onError(withReason(messages.dispatch.errors.tourPlanMail, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={text.tourPlanSend}
      onClose={onClose}
      size="small"
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {messages.dispatchScreen.cancel}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void submit()}>
            {text.tourPlanSendButton}
          </button>
        </>
      }
    >
      <label className="field">
        <span className="field__label">{text.tourPlanRecipients}</span>
        <textarea className="field__input" rows={3} value={recipients} onChange={(event) => setRecipients(event.target.value)} data-autofocus />
        <span className="dispatch-form__hint">{text.tourPlanRecipientsHint}</span>
      </label>
    </Modal>
  );
}
