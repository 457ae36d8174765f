import { messages } from '@dispo/domain/messages';
import { useId, useState } from 'react';
import type { BillingOrder } from '../../api/billing';
import { DialogButtons } from '../../components/DialogButtons';
import { FormField } from '../../components/FormField';
import { Modal } from '../../components/Modal';

const text = messages.billingScreen;

export interface UndoDialogProps {
  order: BillingOrder;
  busy: boolean;
  /** The server's refusal, if any. */
  error: string | null;
  onUndo(reason: string): void;
  onClose(): void;
}

/** Takes a settlement back: the reason is required (the order becomes a billing query, status problem). */
export function UndoDialog({ order, busy, error, onUndo, onClose }: UndoDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onUndo(reason.trim());
  };
  const shown = missing ? messages.billing.reasonRequired : error;
  return (
    <Modal
      title={text.undoTitle(order.orderNumber)}
      onClose={onClose}
      onSave={submit}
      size="small"
      closeOnBackdrop={false}
      footer={<DialogButtons cancelLabel={text.cancel} onCancel={onClose} actionLabel={text.undo} onAction={submit} tone="danger" busy={busy} />}
    >
      <p className="billing__muted">{text.undoHint}</p>
      <FormField id={`${id}-reason`} label={text.undoReason} required error={shown ?? undefined}>
        <textarea
          id={`${id}-reason`}
          className="field__input"
          rows={3}
          maxLength={500}
          value={reason}
          aria-invalid={missing}
          aria-describedby={shown ? `${id}-reason-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          data-autofocus
        />
      </FormField>
    </Modal>
  );
}

export interface RemoveDialogProps {
  order: BillingOrder;
  busy: boolean;
  error: string | null;
  onRemove(): void;
  onClose(): void;
}

/** Releases an order from billing after a confirmation: its slip number, weight and billing state are cleared. */
export function RemoveDialog({ order, busy, error, onRemove, onClose }: RemoveDialogProps) {
  return (
    <Modal
      title={text.removeTitle(order.orderNumber)}
      onClose={onClose}
      size="small"
      role="alertdialog"
      footer={<DialogButtons cancelLabel={text.cancel} onCancel={onClose} actionLabel={text.remove} onAction={onRemove} tone="danger" busy={busy} />}
    >
      <p>{text.removeText}</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
