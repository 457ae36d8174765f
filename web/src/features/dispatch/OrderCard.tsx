import { memo } from 'react';
import { messages } from '@dispo/domain/messages';
import type { OpenOrder } from '../../api/dispositionTypes';
import { endDrag, startDrag } from './dragData';
import { formatQuantity } from './format';
import { deliveryTimeLabel, orderTypeOf } from './sidebarFilter';

const text = messages.dispatchScreen.sidebar;

export interface OrderCardProps {
  order: OpenOrder;
  /** Enter or the Zuweisen button: assign by keyboard. Absent for roles that do not plan: the card only shows. */
  onAssign?: (order: OpenOrder) => void;
  onDragStart?(order: OpenOrder): void;
  onDragEnd?(): void;
}

/** A draggable open order of the sidebar (dispatch.md §2). */
export const OrderCard = memo(function OrderCard({ order, onAssign, onDragStart, onDragEnd }: OrderCardProps) {
  const time = deliveryTimeLabel(order);
  const type = orderTypeOf(order);
  const priority = order.priority ? text.priority[order.priority] : undefined;
  const material = order.material_name ?? order.materials?.join(', ') ?? '';
  const loading = [order.loading_plant_name ?? order.plant_name, order.loading_point_name].filter(Boolean).join(' · ');
  return (
    <li
      className={`order-card order-card--${type}${priority ? ` order-card--priority-${order.priority}` : ''}`}
      draggable={Boolean(onAssign)}
      tabIndex={0}
      data-order-id={order.id}
      aria-label={[order.order_number, order.customer_name, `${material} ${formatQuantity(order.quantity, order.unit)}`.trim(), time]
        .filter(Boolean)
        .join(', ')}
      title={text.dragHint}
      onDragStart={(event) => {
        startDrag(event.dataTransfer, 'order', order.id, order.order_number);
        event.currentTarget.classList.add('order-card--dragging');
        onDragStart?.(order);
      }}
      onDragEnd={(event) => {
        event.currentTarget.classList.remove('order-card--dragging');
        endDrag();
        onDragEnd?.();
      }}
      onKeyDown={(event) => {
        if (onAssign && event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault();
          onAssign(order);
        }
      }}
    >
      <div className="order-card__head">
        <span className="order-card__number">{order.order_number}</span>
        {priority && <span className={`order-card__priority order-card__priority--${order.priority}`}>{priority}</span>}
        {time && <span className="order-card__time">{time}</span>}
      </div>
      {order.customer_name && <div className="order-card__customer">{order.customer_name}</div>}
      <div className="order-card__material">
        {material}
        {material && ' · '}
        <strong>{formatQuantity(order.quantity, order.unit)}</strong>
      </div>
      <div className="order-card__route">
        <span>{loading}</span>
        <span aria-hidden="true"> → </span>
        <span>{order.delivery_plant_name ?? order.delivery_address ?? ''}</span>
      </div>
      {onAssign && (
        <button type="button" className="order-card__assign" tabIndex={-1} onClick={() => onAssign(order)} draggable={false}>
          {text.assign}
        </button>
      )}
    </li>
  );
});
