import { messages } from '@dispo/domain/messages';
import { Modal, type ModalProps } from '../../components/Modal';
import { HistoryButton } from '../audit/HistoryButton';
import type { HistoryTarget } from '../audit/HistoryModal';

export interface DetailModalProps extends Pick<ModalProps, 'title' | 'headerExtra' | 'size' | 'onClose' | 'children'> {
  canWrite: boolean;
  onEdit(): void;
  /** The record whose `Verlauf` (issue 18) the dialog offers. */
  history: HistoryTarget;
}

/** The details dialog of a vehicle or trailer (§2): 'Schließen', and 'Bearbeiten' for those who may write. */
export function DetailModal({ canWrite, onEdit, history, ...modal }: DetailModalProps) {
  const text = messages.fleetScreen;
  const footer = (
    <>
      <HistoryButton {...history} />
      <span className="modal__footer-spacer" />
      <button type="button" className="button" onClick={modal.onClose}>
        {text.close}
      </button>
      {canWrite && (
        <button type="button" className="button button--primary" onClick={onEdit}>
          {text.edit}
        </button>
      )}
    </>
  );
  return <Modal {...modal} footer={footer} />;
}
