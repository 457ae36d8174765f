import { useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import type { Order } from '../../api/types';
import { Modal } from '../../components/Modal';

export type DeleteMode = 'permanent' | 'storno';

export interface DeleteOrderDialogProps {
  /** The open orders to remove (§4.4: only offen can be deleted). */
  orders: readonly Order[];
  /** Selected orders that are not open and stay. */
  skipped?: number;
  busy?: boolean;
  onClose(): void;
  onConfirm(mode: DeleteMode): void;
}

const text = messages.orderScreen;

/** §2.9: permanent deletion (default) or a storno PDF, downloaded before the order is removed. */
export function DeleteOrderDialog({ orders, skipped = 0, busy = false, onClose, onConfirm }: DeleteOrderDialogProps) {
  const id = useId();
  const [mode, setMode] = useState<DeleteMode>('permanent');
  const single = orders.length === 1 ? orders[0] : undefined;
  const options: { value: DeleteMode; label: string; hint: string }[] = [
    { value: 'permanent', label: text.deletePermanent, hint: text.deletePermanentHint },
    { value: 'storno', label: text.deleteStorno, hint: text.deleteStornoHint },
  ];
  return (
    <Modal
      title={single ? text.deleteTitle(single.orderNumber) : text.deleteManyTitle(orders.length)}
      onClose={onClose}
      size="small"
      role="alertdialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {text.cancel}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => onConfirm(mode)}
            disabled={busy || orders.length === 0}
            data-autofocus
          >
            {busy ? text.working : messages.orderDetail.delete}
          </button>
        </>
      }
    >
      <fieldset className="delete-dialog">
        <legend className="delete-dialog__question">{single ? text.deleteQuestion : text.deleteManyQuestion}</legend>
        {options.map((option) => (
          <label key={option.value} className={`delete-dialog__option${mode === option.value ? ' delete-dialog__option--active' : ''}`}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={option.value}
              checked={mode === option.value}
              onChange={() => setMode(option.value)}
              disabled={busy}
            />
            <span>
              <span className="delete-dialog__label">{option.label}</span>
              <span className="delete-dialog__hint">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {skipped > 0 && <p className="delete-dialog__skipped">{text.deleteSkipped(skipped)}</p>}
      {!single && orders.length > 0 && (
        <ul className="delete-dialog__list">
          {orders.map((order) => (
            <li key={order.id}>{order.orderNumber}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
