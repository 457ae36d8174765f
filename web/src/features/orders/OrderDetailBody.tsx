import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';
import type { Order } from '../../api/types';
import {
  billingStateOf,
  formatDate,
  formatDateTime,
  formatDeliveryTime,
  formatNumber,
  formatQuantity,
  fullName,
  priorityLabel,
  statusLabel,
  transportTypeLabel,
} from './format';
import './orders.css';

const text = messages.orderScreen;
const notSet = messages.orderTable.notSet;

function value(content: string | number | null | undefined): string {
  if (content === null || content === undefined || content === '') return notSet;
  return String(content);
}

function yesNo(flag: boolean | null | undefined): string {
  return flag ? text.yes : text.no;
}

/** The sections of the order detail modal; also the layout of an order's past state in its `Verlauf`. */
export function OrderDetailBody({ order }: { order: Order }) {
  const time = formatDeliveryTime(order);
  const plantWithCity = (plant: { name: string; city: string | null } | null) =>
    plant ? (plant.city && !plant.name.includes(plant.city) ? `${plant.name}, ${plant.city}` : plant.name) : notSet;
  return (
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
