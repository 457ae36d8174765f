import { messages } from '@dispo/domain/messages';
import { Modal } from '../../components/Modal';

export interface PlaceholderModalProps {
  title: string;
  onClose(): void;
}

/** Statistik and Export until their issues land (the order intake's own tools are real). */
export function PlaceholderModal({ title, onClose }: PlaceholderModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="small"
      footer={
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {messages.orderScreen.close}
        </button>
      }
    >
      <p className="placeholder-text">{messages.orderScreen.featureFollows}</p>
    </Modal>
  );
}
