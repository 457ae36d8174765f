import { messages } from '@dispo/domain/messages';
import type { ReactNode } from 'react';
import type { BillingOrder } from '../../api/billing';
import { formatDate, formatDateTime } from '../../components/format';
import { Icon } from '../../components/icons';
import { StatusPill } from '../../components/StatusPill';
import { isNotableDifference, money, reverserName, signedTonnes, tonnes, wasUndone } from './billingLogic';

const text = messages.billingScreen;
const c = text.columns;

export interface BillingRowActions {
  /** False for users who may only read. */
  canAct: boolean;
  busyId: string | null;
  onExport(order: BillingOrder, format: 'json' | 'csv'): void;
  onRemove(order: BillingOrder): void;
}

function OrderCell({ order }: { order: BillingOrder }) {
  return (
    <td>
      <span className="billing__number">{order.orderNumber}</span>
      <span className="billing__secondary">{order.customer?.company ?? messages.orderTable.notSet}</span>
    </td>
  );
}

function RouteCell({ order }: { order: BillingOrder }) {
  return (
    <td>
      <span>
        {order.plant?.name ?? messages.orderTable.notSet} → {order.deliveryPlant?.name ?? messages.orderTable.notSet}
      </span>
      <span className="billing__secondary">
        {order.material?.name ?? messages.orderTable.notSet}
        {order.assignedVehicleLicensePlate ? ` · ${order.assignedVehicleLicensePlate}` : ''}
      </span>
    </td>
  );
}

function WeightCells({ order }: { order: BillingOrder }) {
  return (
    <>
      <td className="data-table__number">{tonnes(order.weightTons)}</td>
      <td className="data-table__number">{tonnes(order.actualWeight ?? null)}</td>
      <td className={`data-table__number${isNotableDifference(order.weightDifference) ? ' billing__difference--notable' : ''}`}>
        {signedTonnes(order.weightDifference)}
      </td>
      <td className="data-table__number">{money(order.revenue)}</td>
    </>
  );
}

function ExportButtons({ order, actions }: { order: BillingOrder; actions: BillingRowActions }) {
  return (
    <>
      <button type="button" className="button button--small" aria-label={text.exportJson(order.orderNumber)} title={text.exportJson(order.orderNumber)} onClick={() => actions.onExport(order, 'json')}>
        JSON
      </button>
      <button type="button" className="button button--small" aria-label={text.exportCsv(order.orderNumber)} title={text.exportCsv(order.orderNumber)} onClick={() => actions.onExport(order, 'csv')}>
        CSV
      </button>
    </>
  );
}

/** A row's actions: the list's own (`children`: confirm or undo) and remove for billing staff, export for all. */
function ActionsCell({ order, actions, children }: { order: BillingOrder; actions: BillingRowActions; children: ReactNode }) {
  return (
    <td className="data-table__actions">
      <div className="billing__actions">
        {actions.canAct && (
          <>
            {children}
            <button type="button" className="button button--small" aria-label={text.removeOrder(order.orderNumber)} onClick={() => actions.onRemove(order)}>
              {text.remove}
            </button>
          </>
        )}
        <ExportButtons order={order} actions={actions} />
      </div>
    </td>
  );
}

export interface PendingTableProps {
  orders: readonly BillingOrder[];
  selected: ReadonlySet<string>;
  onSelect(ids: string[], on: boolean): void;
  onConfirm(order: BillingOrder): void;
  actions: BillingRowActions;
}

/** Orders with slip number and weight, waiting for billing: oldest delivery first. */
export function PendingTable({ orders, selected, onSelect, onConfirm, actions }: PendingTableProps) {
  const all = orders.length > 0 && orders.every((o) => selected.has(o.id));
  return (
    <div className="panel billing__table-wrap">
      <table className="data-table billing__table" aria-label={text.pendingTable}>
        <thead>
          <tr>
            {actions.canAct && (
              <th scope="col" className="billing__check">
                <input type="checkbox" aria-label={c.selectAll} checked={all} onChange={(e) => onSelect(orders.map((o) => o.id), e.target.checked)} />
              </th>
            )}
            <th scope="col">{c.deliveryDate}</th>
            <th scope="col">{c.order}</th>
            <th scope="col">{c.route}</th>
            <th scope="col">{c.slip}</th>
            <th scope="col" className="data-table__number">{c.estimated}</th>
            <th scope="col" className="data-table__number">{c.actual}</th>
            <th scope="col" className="data-table__number">{c.difference}</th>
            <th scope="col" className="data-table__number">{c.revenue}</th>
            <th scope="col" className="data-table__actions">{c.actions}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-order-id={order.id}>
              {actions.canAct && (
                <td className="billing__check">
                  <input type="checkbox" aria-label={`${c.select} ${order.orderNumber}`} checked={selected.has(order.id)} onChange={(e) => onSelect([order.id], e.target.checked)} />
                </td>
              )}
              <td className="billing__nowrap">{formatDate(order.deliveryDate)}</td>
              <OrderCell order={order} />
              <RouteCell order={order} />
              <td>
                <span className="billing__mono">{order.deliverySlipNumber ?? messages.orderTable.notSet}</span>
                {wasUndone(order) && (
                  <span className="billing__undone" title={text.undoneReason(order.billingReversalReason ?? '', reverserName(order))}>
                    <StatusPill tone="danger">{text.undoneBadge}</StatusPill>
                    <span className="billing__secondary">{order.billingReversalReason}</span>
                  </span>
                )}
              </td>
              <WeightCells order={order} />
              <ActionsCell order={order} actions={actions}>
                <button type="button" className="button button--primary button--small" aria-label={text.confirmOrder(order.orderNumber)} disabled={actions.busyId === order.id} onClick={() => onConfirm(order)}>
                  <Icon name="check" size={14} />
                  {text.confirm}
                </button>
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface ConfirmedTableProps {
  orders: readonly BillingOrder[];
  onUndo(order: BillingOrder): void;
  actions: BillingRowActions;
}

/** Settled orders, newest settlement first. */
export function ConfirmedTable({ orders, onUndo, actions }: ConfirmedTableProps) {
  return (
    <div className="panel billing__table-wrap">
      <table className="data-table billing__table" aria-label={text.confirmedTable}>
        <thead>
          <tr>
            <th scope="col">{c.deliveryDate}</th>
            <th scope="col">{c.order}</th>
            <th scope="col">{c.route}</th>
            <th scope="col">{c.slip}</th>
            <th scope="col" className="data-table__number">{c.estimated}</th>
            <th scope="col" className="data-table__number">{c.actual}</th>
            <th scope="col" className="data-table__number">{c.difference}</th>
            <th scope="col" className="data-table__number">{c.revenue}</th>
            <th scope="col">{c.confirmedAt}</th>
            <th scope="col" className="data-table__actions">{c.actions}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-order-id={order.id}>
              <td className="billing__nowrap">{formatDate(order.deliveryDate)}</td>
              <OrderCell order={order} />
              <RouteCell order={order} />
              <td className="billing__mono">{order.deliverySlipNumber ?? messages.orderTable.notSet}</td>
              <WeightCells order={order} />
              <td className="billing__nowrap">{formatDateTime(order.billingConfirmedAt)}</td>
              <ActionsCell order={order} actions={actions}>
                <button type="button" className="button button--small" aria-label={text.undoOrder(order.orderNumber)} onClick={() => onUndo(order)}>
                  {text.undo}
                </button>
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
