import type { CustomCellRendererProps } from 'ag-grid-react';
import type { MouseEvent } from 'react';
import { messages } from '@dispo/domain/messages';
import type { Order } from '../../api/types';
import {
  acceptsDeliveryDataEntry,
  billingStateOf,
  formatClock,
  formatDate,
  formatDeliveryTime,
  formatQuantity,
  fullName,
  isCancelledStatus,
  isLockedOrder,
  isOverdue,
  offersDeliveryDataUnlock,
  priorityLabel,
  showsLicensePlate,
  statusClass,
  statusLabel,
  transportTypeLabel,
} from './format';
import type { EditFocus, GridContext } from './gridContext';
import { Icon } from '../../components/icons';

/** Cell renderers of the order grid (§2.2). Each shows the order of its row. */

type CellProps = CustomCellRendererProps<Order, unknown, GridContext>;

const text = messages.orderScreen;
const notSet = messages.orderTable.notSet;

/** Remembers which part of a cell was pressed (`data-aim`), so a double-click opens the editor on that field. */
function aim(context: GridContext) {
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-aim]') : null;
    context.aimEdit((target?.dataset.aim as EditFocus | undefined) ?? null);
  };
}

function editTitle(order: Order): string {
  return isLockedOrder(order) ? text.locked : text.editHint;
}

export function ScheduleCell({ data, context }: CellProps) {
  if (!data) return null;
  const overdue = isOverdue(data, context.today);
  const time = formatDeliveryTime(data);
  const stop = data.tourOrders?.[0];
  return (
    <div className="og-stack" title={editTitle(data)} onMouseDown={aim(context)}>
      <span className={`og-date${overdue ? ' og-date--overdue' : ''}`} data-aim="date" data-testid="delivery-date">
        {formatDate(data.deliveryDate)}
      </span>
      <span className="og-secondary og-time" data-aim="time">
        {time || notSet}
      </span>
      {stop && (
        <span className="og-tertiary" title={text.tourStop(stop.sequenceNumber, formatClock(stop.estimatedArrival))}>
          {text.tourStop(stop.sequenceNumber, formatClock(stop.estimatedArrival))}
        </span>
      )}
    </div>
  );
}

export function OrderCell({ data }: CellProps) {
  if (!data) return null;
  const urgent = data.priority === 'urgent' || data.priority === 'high';
  const plate = showsLicensePlate(data) ? data.assignedVehicleLicensePlate : null;
  return (
    <div className="og-stack">
      <span className="og-line">
        <span className="og-number">{data.orderNumber}</span>
        {urgent && <span className={`badge badge--${data.priority}`}>{priorityLabel(data.priority)}</span>}
      </span>
      <span className="og-secondary og-ellipsis" title={data.customer?.company ?? undefined}>
        {data.customer?.company ?? notSet}
      </span>
      <span className="og-tertiary og-line">
        <span>{transportTypeLabel(data.transportType)}</span>
        {plate && (
          <span className="plate" title={text.vehicle}>
            <Icon name="truck" size={13} />
            {plate}
          </span>
        )}
      </span>
    </div>
  );
}

export function RouteCell({ data, context }: CellProps) {
  if (!data) return null;
  const from = data.plant?.name ?? notSet;
  const to = data.deliveryPlant?.name ?? notSet;
  return (
    <div className="og-stack" title={editTitle(data)} onMouseDown={aim(context)}>
      <span className="og-route og-ellipsis">
        <span>{from}</span>
        <span className="og-arrow" aria-hidden="true">
          {' → '}
        </span>
        <span className="visually-hidden"> {messages.orderTable.routeTo} </span>
        <span>{to}</span>
      </span>
      <span className="og-secondary og-line">
        <span className="og-material og-ellipsis" data-aim="material">
          {data.material?.name ?? notSet}
        </span>
        <span className="og-quantity" data-aim="quantity">
          {formatQuantity(data.quantity, data.unit)}
        </span>
      </span>
      <span className="og-tertiary og-ellipsis">
        {text.loadingPoint}: {data.loadingPoint?.name ?? notSet}
      </span>
    </div>
  );
}

export function StatusCell({ data }: CellProps) {
  if (!data) return null;
  const locked = isLockedOrder(data);
  const creator = fullName(data.creator);
  return (
    <div className="og-stack" title={locked ? text.locked : text.editHint}>
      <span className="og-line">
        <span className={statusClass(data.status)}>{statusLabel(data.status)}</span>
        {locked && (
          <span className="og-lock" aria-label={text.locked} role="img">
            <Icon name="lock" size={14} />
          </span>
        )}
      </span>
      {isCancelledStatus(data.status) && (
        <span className="og-tertiary og-ellipsis">
          {messages.orderTable.cancelledBy} {creator ?? notSet}
        </span>
      )}
    </div>
  );
}

export function BillingCell({ data, context }: CellProps) {
  if (!data) return null;
  const state = billingStateOf(data);
  const mayRecord = context.canRecordDeliveryData();
  return (
    <div className="og-stack" title={mayRecord && acceptsDeliveryDataEntry(data) ? text.deliveryDataHint : undefined}>
      <span className={`billing billing--${state}`}>{text.billingState[state]}</span>
      {mayRecord && offersDeliveryDataUnlock(data) && (
        <button type="button" className="link-button og-unlock" aria-label={text.unlockDeliveryDataOf(data.orderNumber)} onClick={() => context.actions.onUnlockDeliveryData(data)}>
          <Icon name="lock" size={12} /> {text.unlockDeliveryData}
        </button>
      )}
      {data.deliverySlipNumber && <span className="og-secondary og-ellipsis">{text.deliverySlip(data.deliverySlipNumber)}</span>}
      {data.actualWeight !== null && data.actualWeight !== undefined && (
        <span className="og-tertiary">{text.weightActual(formatQuantity(data.actualWeight, 'to'))}</span>
      )}
    </div>
  );
}

export function ActionsCell({ data, context }: CellProps) {
  if (!data) return null;
  const { actions } = context;
  const canWrite = context.canWrite();
  return (
    <div className="og-actions">
      <button
        type="button"
        className="icon-button icon-button--small"
        title={text.actionDetails}
        aria-label={`${text.actionDetails} ${data.orderNumber}`}
        onClick={() => actions.onDetails(data)}
      >
        <Icon name="details" size={16} />
      </button>
      {canWrite && (
        <button
          type="button"
          className="icon-button icon-button--small"
          title={text.actionDuplicate}
          aria-label={`${text.actionDuplicate} ${data.orderNumber}`}
          onClick={() => actions.onDuplicate(data)}
        >
          <Icon name="duplicate" size={16} />
        </button>
      )}
      <button
        type="button"
        className="icon-button icon-button--small"
        title={text.actionPdf}
        aria-label={`${text.actionPdf} ${data.orderNumber}`}
        onClick={() => actions.onPdf(data)}
      >
        <Icon name="pdf" size={16} />
      </button>
      {canWrite && data.status === 'offen' && (
        <button
          type="button"
          className="icon-button icon-button--small icon-button--danger"
          title={text.actionDelete}
          aria-label={`${text.actionDelete} ${data.orderNumber}`}
          onClick={() => actions.onDelete(data)}
        >
          <Icon name="delete" size={16} />
        </button>
      )}
    </div>
  );
}
