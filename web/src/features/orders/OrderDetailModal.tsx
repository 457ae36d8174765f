import { messages } from '@dispo/domain/messages';
import { useOrder } from '../../api/orders';
import type { Order } from '../../api/types';
import { isLockedOrder, statusClass, statusLabel } from './format';
import { OrderDetailBody } from './OrderDetailBody';
import { Icon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import { HistoryButton } from '../audit/HistoryButton';

export interface OrderDetailModalProps {
  order: Order;
  onClose(): void;
  onPdf(order: Order): void;
  /** Absent for roles that may not change orders: no Bearbeiten, no Löschen. */
  onEdit?: (order: Order) => void;
  onDelete?: (order: Order) => void;
  pdfBusy?: boolean;
}

const text = messages.orderScreen;

/** The order detail modal of §2.8, titled with the order number; shows the server's current state. */
export function OrderDetailModal({ order: row, onClose, onPdf, onEdit, onDelete, pdfBusy = false }: OrderDetailModalProps) {
  const query = useOrder(row.id, row);
  const order = query.data ?? row;
  const locked = isLockedOrder(order);

  return (
    <Modal
      title={order.orderNumber}
      onClose={onClose}
      size="large"
      headerExtra={<span className={statusClass(order.status)}>{statusLabel(order.status)}</span>}
      footer={
        <>
          <span className="modal__footer-id">{text.idFooter(order.id)}</span>
          <span className="modal__footer-spacer" />
          <HistoryButton kind="order" id={order.id} title={order.orderNumber} />
          <button type="button" className="button" onClick={() => onPdf(order)} disabled={pdfBusy}>
            <Icon name="pdf" size={16} />
            {messages.orderDetail.pdf}
          </button>
          {onEdit && (
            <button
              type="button"
              className="button"
              onClick={() => onEdit(order)}
              disabled={locked}
              title={locked ? text.lockedEdit : undefined}
            >
              {messages.orderDetail.edit}
            </button>
          )}
          {onDelete && order.status === 'offen' && (
            <button type="button" className="button button--danger" onClick={() => onDelete(order)}>
              <Icon name="delete" size={16} />
              {messages.orderDetail.delete}
            </button>
          )}
        </>
      }
    >
      {query.isError && (
        <div className="alert alert--error" role="alert">
          {messages.errors.loadOrder}: {query.error.message}
        </div>
      )}
      {locked && (
        <div className="alert alert--info detail__locked">
          <Icon name="lock" size={16} /> {text.locked}
        </div>
      )}
      <OrderDetailBody order={order} />
    </Modal>
  );
}
