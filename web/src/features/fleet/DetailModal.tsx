import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';
import { Modal, type ModalProps } from '../../components/Modal';

/** One label and value of a detail list; an empty value shows 'Nicht angegeben'. */
export function DetailItem({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={`fleet-detail__item${wide ? ' fleet-detail__item--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{empty ? <span className="fleet-muted">{messages.orderTable.notSet}</span> : children}</dd>
    </div>
  );
}

export interface DetailModalProps extends Pick<ModalProps, 'title' | 'headerExtra' | 'size' | 'onClose' | 'children'> {
  canWrite: boolean;
  onEdit(): void;
}

/** The details dialog of a vehicle or trailer (§2): 'Schließen', and 'Bearbeiten' for those who may write. */
export function DetailModal({ canWrite, onEdit, ...modal }: DetailModalProps) {
  const text = messages.fleetScreen;
  const footer = (
    <>
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
