import { messages } from '@dispo/domain/messages';
import type { Order, OrderPatch } from '../../api/types';
import { DialogButtons } from '../../components/DialogButtons';
import { Modal } from '../../components/Modal';
import { formatDate, formatQuantity } from './format';

const text = messages.orderScreen;

export interface DeliveryDataConfirmModalProps {
  order: Order;
  /** What will be saved: slip number and/or actual weight. */
  patch: Pick<OrderPatch, 'delivery_slip_number' | 'actual_weight'>;
  saving: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * §2.11, the data confirm modal: the order and both values as they will stand, confirmed before they
 * are saved (with both filled in the order goes to billing and is locked, §4.2).
 */
export function DeliveryDataConfirmModal({ order, patch, saving, onConfirm, onClose }: DeliveryDataConfirmModalProps) {
  const slip = patch.delivery_slip_number ?? order.deliverySlipNumber ?? null;
  const weight = patch.actual_weight ?? order.actualWeight ?? null;
  return (
    <Modal
      title={text.confirmDeliveryDataTitle}
      onClose={onClose}
      onSave={onConfirm}
      size="small"
      role="alertdialog"
      footer={<DialogButtons cancelLabel={text.cancel} onCancel={onClose} actionLabel={text.confirmDeliveryDataSave} onAction={onConfirm} busy={saving} />}
    >
      <p>{text.confirmDeliveryDataText}</p>
      <dl className="delivery-confirm">
        <dt>{text.orderNumber}</dt>
        <dd>
          <strong>{order.orderNumber}</strong> · {formatDate(order.deliveryDate)}
        </dd>
        <dt>{messages.orderTable.columns.routeAndMaterial}</dt>
        <dd>
          {order.plant?.name ?? messages.orderTable.notSet} → {order.deliveryPlant?.name ?? messages.orderTable.notSet} ·{' '}
          {order.material?.name ?? messages.orderTable.notSet}, {formatQuantity(order.quantity, order.unit)}
        </dd>
        <dt>{text.deliverySlipNumber}</dt>
        <dd className={patch.delivery_slip_number !== undefined ? 'delivery-confirm__new' : undefined}>{slip ?? text.notEntered}</dd>
        <dt>{text.actualWeight}</dt>
        <dd className={patch.actual_weight !== undefined ? 'delivery-confirm__new' : undefined}>{weight === null ? text.notEntered : formatQuantity(weight, 'to')}</dd>
      </dl>
    </Modal>
  );
}
