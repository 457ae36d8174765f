import { messages } from '@dispo/domain/messages';
import type { ReactNode } from 'react';
import { Modal } from '../../components/Modal';

export interface ConfirmDeleteDialogProps {
  title: string;
  /** Names what goes: the plate or the card number (§5). */
  question: string;
  busy?: boolean;
  /** False while the delete is refused (e.g. a vehicle with live tours): the dialog only informs. */
  canDelete?: boolean;
  /** What the user must know before deleting (instead of the "cannot be undone" hint when refused). */
  children?: ReactNode;
  onConfirm(): void;
  onClose(): void;
}

/** §5: a delete asks for confirmation naming the plate or card number. */
export function ConfirmDeleteDialog({ title, question, busy = false, canDelete = true, children, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  const text = messages.fleetScreen;
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="small"
      role="alertdialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {messages.fleet.cancel}
          </button>
          {canDelete && (
            <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy} data-autofocus>
              {busy ? text.working : text.delete}
            </button>
          )}
        </>
      }
    >
      <p className="fleet-confirm__question">{question}</p>
      {children}
      {canDelete && <p className="fleet-confirm__hint">{text.cannotBeUndone}</p>}
    </Modal>
  );
}
