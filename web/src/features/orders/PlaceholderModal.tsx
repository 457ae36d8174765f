import { messages } from '@dispo/domain/messages';
import { Modal } from '../../components/Modal';

export interface PlaceholderModalProps {
  title: string;
  onClose(): void;
  /** An alternative that works today (the quick order offers the full form). */
  action?: { label: string; onClick(): void };
}

/** Meine Templates, Statistik, Einstellungen, Export and the quick order until their issues land. */
export function PlaceholderModal({ title, onClose, action }: PlaceholderModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="small"
      footer={
        <>
          {action && (
            <button type="button" className="button button--primary" onClick={action.onClick}>
              {action.label}
            </button>
          )}
          <button type="button" className="button" onClick={onClose} data-autofocus={action ? undefined : true}>
            {messages.orderScreen.close}
          </button>
        </>
      }
    >
      <p className="placeholder-text">{messages.orderScreen.featureFollows}</p>
    </Modal>
  );
}
