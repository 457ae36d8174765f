import { messages } from '@dispo/domain/messages';
import { Modal } from '../../components/Modal';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}

/** A yes/no question (the reset confirmation of dispatch.md §4). */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="small"
      role="alertdialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {messages.dispatchScreen.cancel}
          </button>
          <button
            type="button"
            className="button button--danger"
            data-autofocus
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="confirm-text">{message}</p>
    </Modal>
  );
}
