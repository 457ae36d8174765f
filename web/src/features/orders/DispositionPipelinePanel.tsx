import { messages } from '@dispo/domain/messages';
import { TRANSFERABLE_STATUSES } from '@dispo/domain/order/billing';
import { useTransferToDisposition } from '../../api/orders';
import type { Order } from '../../api/types';
import { useExpiringList } from '../../components/useExpiringList';
import { Icon } from '../../components/icons';

const text = messages.dispositionPipeline;
/** §4.7: the panel names up to three orders, then `+N weitere`. */
const NAMED = 3;
/** §4.7: the transfer message disappears after 3 s. */
const MESSAGE_MS = 3000;

/** §4.7: only confirmed or ready orders go to the disposition. */
export function eligibleForDisposition(orders: readonly Order[]): Order[] {
  return orders.filter((o) => (TRANSFERABLE_STATUSES as readonly string[]).includes(o.status));
}

/** Total weight in whole tonnes (estimated weight, else the quantity in tonnes). */
export function totalTonnes(orders: readonly Order[]): number {
  return Math.round(orders.reduce((sum, o) => sum + (o.weightTons ?? (o.unit === 'to' ? o.quantity : 0)), 0));
}

export interface DispositionPipelinePanelProps {
  selected: readonly Order[];
  /** The selection is cleared after a transfer (§4.7). */
  onTransferred(): void;
  onError(text: string): void;
}

/**
 * The disposition pipeline panel (§4.7): the selected orders that may go to the dispatchers, their
 * total weight, and the transfer. Shown while a selection holds eligible orders or a message is up.
 */
export function DispositionPipelinePanel({ selected, onTransferred, onError }: DispositionPipelinePanelProps) {
  const transfer = useTransferToDisposition();
  const { items: notes, add } = useExpiringList<{ text: string }>();
  const eligible = eligibleForDisposition(selected);
  if (eligible.length === 0 && notes.length === 0) return null;
  const named = eligible.slice(0, NAMED).map((o) => o.orderNumber);
  const more = eligible.length - named.length;

  const run = () => {
    transfer.mutate(
      eligible.map((o) => o.id),
      {
        onSuccess: (answer) => {
          add({ text: text.transferred(answer.transferred) }, MESSAGE_MS);
          if (answer.failed.length > 0) onError(answer.failed.map((f) => f.error).join(' · '));
          onTransferred();
        },
        onError: () => onError(messages.errors.transferToDisposition),
      },
    );
  };

  return (
    <section className="panel pipeline" aria-label={messages.orderScreen.pipelineTitle}>
      <div className="pipeline__summary">
        <Icon name="truck" size={18} />
        <strong>{messages.orderScreen.pipelineTitle}</strong>
        {eligible.length > 0 && (
          <span>
            {messages.orderScreen.pipelineSummary(eligible.length, totalTonnes(eligible))} · {named.join(', ')}
            {more > 0 && ` ${text.more(more)}`}
          </span>
        )}
        {notes.map((note) => (
          <span key={note.id} className="pipeline__done" role="status">
            {note.text}
          </span>
        ))}
      </div>
      <button type="button" className="button button--primary button--small" disabled={eligible.length === 0 || transfer.isPending} onClick={run}>
        {messages.orderScreen.pipelineTransfer}
      </button>
    </section>
  );
}
