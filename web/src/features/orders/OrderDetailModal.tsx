import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';
import { useOrder } from '../../api/orders';
import type { Order } from '../../api/types';
import {
  billingStateOf,
  formatDate,
  formatDateTime,
  formatDeliveryTime,
  formatNumber,
  formatQuantity,
  fullName,
  isLockedOrder,
  priorityLabel,
  statusClass,
  statusLabel,
  transportTypeLabel,
} from './format';
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
const notSet = messages.orderTable.notSet;

function value(content: string | number | null | undefined): string {
  if (content === null || content === undefined || content === '') return notSet;
  return String(content);
}

function yesNo(flag: boolean | null | undefined): string {
  return flag ? text.yes : text.no;
}

/** The order detail modal of §2.8, titled with the order number; shows the server's current state. */
export function OrderDetailModal({ order: row, onClose, onPdf, onEdit, onDelete, pdfBusy = false }: OrderDetailModalProps) {
  const query = useOrder(row.id, row);
  const order = query.data ?? row;
  const locked = isLockedOrder(order);
  const time = formatDeliveryTime(order);
  const plantWithCity = (plant: { name: string; city: string | null } | null) =>
    plant ? (plant.city && !plant.name.includes(plant.city) ? `${plant.name}, ${plant.city}` : plant.name) : notSet;

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
      <div className="detail">
        <DetailSection title={messages.orderDetail.sectionBasics}>
          <Item label={text.orderNumber}>{order.orderNumber}</Item>
          <Item label={text.status}>{statusLabel(order.status)}</Item>
          <Item label={text.customer}>
            {order.customer ? (
              <>
                {order.customer.company}
                {order.customer.contactPerson && <div className="detail__muted">{order.customer.contactPerson}</div>}
                {order.customer.email && <div className="detail__muted">{order.customer.email}</div>}
              </>
            ) : (
              notSet
            )}
          </Item>
          <Item label={text.createdAt}>{formatDateTime(order.createdAt)}</Item>
          <Item label={text.createdBy}>{value(fullName(order.creator))}</Item>
          <Item label={text.updatedAt}>{formatDateTime(order.updatedAt)}</Item>
        </DetailSection>
        <DetailSection title={messages.orderDetail.sectionMaterial}>
          <Item label={text.material}>
            {order.material ? (
              <>
                {order.material.name}
                {order.material.category && <div className="detail__muted">{order.material.category}</div>}
              </>
            ) : (
              notSet
            )}
          </Item>
          <Item label={text.materialSpecification}>{value(order.materialSpecification)}</Item>
          <Item label={text.quantity}>{formatQuantity(order.quantity, order.unit)}</Item>
          <Item label={text.weightTons}>
            {order.weightTons === null || order.weightTons === undefined ? notSet : `${formatNumber(order.weightTons)} t`}
          </Item>
        </DetailSection>
        <DetailSection title={messages.orderDetail.sectionDelivery}>
          <Item label={text.deliveryDate}>{formatDate(order.deliveryDate)}</Item>
          <Item label={text.deliveryTime}>
            {time ? `${time} (${messages.labels.deliveryTimeType[order.deliveryTimeType] ?? order.deliveryTimeType})` : notSet}
          </Item>
          <Item label={text.loadingPlant}>{plantWithCity(order.plant)}</Item>
          <Item label={text.loadingPoint}>{value(order.loadingPoint?.name)}</Item>
          <Item label={text.deliveryPlant}>{plantWithCity(order.deliveryPlant)}</Item>
          <Item label={text.deliveryAddress}>{value(order.deliveryAddress)}</Item>
          <Item label={text.contactPerson}>{value(order.deliveryContactPerson)}</Item>
          <Item label={text.phone}>{value(order.deliveryPhone)}</Item>
        </DetailSection>
        <DetailSection title={messages.orderDetail.sectionTransport}>
          <Item label={text.priority}>{priorityLabel(order.priority)}</Item>
          <Item label={text.transportType}>{transportTypeLabel(order.transportType)}</Item>
          <Item label={text.vehicleRequirements}>{value(order.vehicleRequirements)}</Item>
          <Item label={text.pumpAvailable}>{yesNo(order.pumpAvailable)}</Item>
          <Item label={text.craneAvailable}>{yesNo(order.craneAvailable)}</Item>
          <Item label={text.accessConditions}>{value(order.accessConditions)}</Item>
          <Item label={text.vehicle}>{value(order.assignedVehicleLicensePlate)}</Item>
          <Item label={text.billing}>{text.billingState[billingStateOf(order)]}</Item>
          <Item label={text.deliverySlipNumber}>{value(order.deliverySlipNumber)}</Item>
          <Item label={text.actualWeight}>
            {order.actualWeight === null || order.actualWeight === undefined ? notSet : formatQuantity(order.actualWeight, 'to')}
          </Item>
        </DetailSection>
        <DetailSection title={messages.orderDetail.sectionNotes} wide>
          <Item label={text.notes} wide>
            <span className="detail__text">{value(order.notes)}</span>
          </Item>
          <Item label={text.internalNotes} wide>
            <span className="detail__text">{value(order.internalNotes)}</span>
          </Item>
        </DetailSection>
      </div>
    </Modal>
  );
}

function DetailSection({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`detail__section${wide ? ' detail__section--wide' : ''}`}>
      <h3 className="detail__title">{title}</h3>
      <dl className="detail__list">{children}</dl>
    </section>
  );
}

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`detail__item${wide ? ' detail__item--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
