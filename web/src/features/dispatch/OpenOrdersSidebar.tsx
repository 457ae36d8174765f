import { useId, useMemo, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import type { OpenOrder } from '../../api/dispositionTypes';
import { OrderCard } from './OrderCard';
import {
  countByType,
  filterOrders,
  GROUPINGS,
  groupOrders,
  loadingPlantsOf,
  ORDER_TYPES,
  type Grouping,
  type OrderGroup,
  type OrderTypeFilter,
} from './sidebarFilter';
import { usePainted } from './usePainted';
import { SIDEBAR_WIDTH, type SidebarState } from './useSidebarState';

const text = messages.dispatchScreen.sidebar;

/** About a screenful of cards: what the sidebar's first render draws. */
const FIRST_CARDS = 20;

/** The groups with only their first cards, `count` in all (every group keeps its place and heading). */
function firstCards(groups: readonly OrderGroup[], count: number): OrderGroup[] {
  let left = count;
  return groups.map((group) => {
    const orders = group.orders.slice(0, left);
    left -= orders.length;
    return { ...group, orders };
  });
}

export interface OpenOrdersSidebarProps {
  date: string;
  /** Open orders (already without the optimistically assigned ones). */
  orders: readonly OpenOrder[];
  loading: boolean;
  state: SidebarState;
  onChange(changes: Partial<SidebarState>): void;
  /** Absent for roles that do not plan (docs/adr/0005): no drag, no Zuweisen. */
  onAssign?: (order: OpenOrder) => void;
}

/**
 * Offene Aufträge (dispatch.md §2): the open orders of the selected date as draggable cards, with
 * search, filters by type and loading plant, grouping, a footer with counts, and a resizable width.
 */
export function OpenOrdersSidebar({ date, orders, loading, state, onChange, onAssign }: OpenOrdersSidebarProps) {
  const [search, setSearch] = useState('');
  const headingId = useId();
  const filterId = useId();
  const dayOrders = useMemo(() => filterOrders(orders, date, { search: '', type: 'all', plantId: '' }), [orders, date]);
  const plants = useMemo(() => loadingPlantsOf(dayOrders), [dayOrders]);
  const plantId = plants.some((plant) => plant.id === state.plantId) ? state.plantId : '';
  const shown = useMemo(
    () => filterOrders(dayOrders, date, { search, type: state.type, plantId }),
    [dayOrders, date, search, state.type, plantId],
  );
  const groups = useMemo(() => groupOrders(shown, state.grouping), [shown, state.grouping]);
  // A morning with a hundred open orders must not hold back the timeline: the first picture has a
  // screenful of cards, the others follow right after it.
  const painted = usePainted();
  const drawn = useMemo(() => (painted ? groups : firstCards(groups, FIRST_CARDS)), [painted, groups]);
  const counts = useMemo(() => countByType(shown), [shown]);
  const filtersActive = state.type !== 'all' || plantId !== '';
  const resizeStart = useRef<{ x: number; width: number } | null>(null);

  return (
    <aside className="orders-sidebar" style={{ width: state.width }} aria-labelledby={headingId}>
      <div
        className="orders-sidebar__resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={text.resize}
        aria-valuemin={SIDEBAR_WIDTH.min}
        aria-valuemax={SIDEBAR_WIDTH.max}
        aria-valuenow={state.width}
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') onChange({ width: state.width + 20 });
          else if (event.key === 'ArrowRight') onChange({ width: state.width - 20 });
          else if (event.key === 'Home') onChange({ width: SIDEBAR_WIDTH.default });
          else return;
          event.preventDefault();
        }}
        onPointerDown={(event) => {
          resizeStart.current = { x: event.clientX, width: state.width };
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }}
        onPointerMove={(event) => {
          if (!resizeStart.current) return;
          onChange({ width: resizeStart.current.width + (resizeStart.current.x - event.clientX) });
        }}
        onPointerUp={() => {
          resizeStart.current = null;
        }}
        onDoubleClick={() => onChange({ width: SIDEBAR_WIDTH.default })}
      />
      <header className="orders-sidebar__header">
        <h2 id={headingId} className="orders-sidebar__title">
          {messages.dispatch.openOrders} <span className="count-badge">{dayOrders.length}</span>
        </h2>
        <button
          type="button"
          className={`button button--small${filtersActive ? ' button--active' : ''}`}
          aria-expanded={state.filtersOpen}
          aria-controls={filterId}
          title={text.showFilters}
          onClick={() => onChange({ filtersOpen: !state.filtersOpen })}
        >
          {text.filter}
          {filtersActive && <span className="dot" aria-hidden="true" />}
        </button>
        <button
          type="button"
          className="icon-button orders-sidebar__close"
          aria-label={text.close}
          title={text.close}
          onClick={() => onChange({ open: false })}
        >
          ×
        </button>
      </header>
      <div className="orders-sidebar__search">
        <input
          type="search"
          className="field__input"
          placeholder={messages.dispatch.searchOrders}
          aria-label={messages.dispatch.searchOrders}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search) {
              event.stopPropagation();
              setSearch('');
            }
          }}
        />
      </div>
      {state.filtersOpen && (
        <div className="orders-sidebar__filters" id={filterId}>
          <label className="field">
            <span className="field__label">{text.orderType}</span>
            <select
              className="field__input"
              value={state.type}
              onChange={(event) => onChange({ type: event.target.value as OrderTypeFilter })}
            >
              <option value="all">{text.allTypes}</option>
              {ORDER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {text.types[type]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{text.loadingPlant}</span>
            <select className="field__input" value={plantId} onChange={(event) => onChange({ plantId: event.target.value })}>
              <option value="">{text.allPlants}</option>
              {plants.map((plant) => (
                <option key={plant.id} value={plant.id}>
                  {plant.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{text.grouping}</span>
            <select
              className="field__input"
              value={state.grouping}
              onChange={(event) => onChange({ grouping: event.target.value as Grouping })}
            >
              {GROUPINGS.map((grouping) => (
                <option key={grouping} value={grouping}>
                  {text.groupings[grouping]}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <div className="orders-sidebar__list">
        {loading && dayOrders.length === 0 ? (
          <p className="orders-sidebar__empty">{messages.dispatchScreen.loading}</p>
        ) : dayOrders.length === 0 ? (
          <p className="orders-sidebar__empty">{text.empty}</p>
        ) : shown.length === 0 ? (
          <p className="orders-sidebar__empty">{text.noMatches}</p>
        ) : (
          groups.map((group, index) => (
            <section key={group.key} className="order-group" aria-label={`${group.label} (${group.orders.length})`}>
              {state.grouping !== 'none' && (
                <h3 className="order-group__title">
                  {group.label} <span className="order-group__count">{group.orders.length}</span>
                </h3>
              )}
              <ul className="order-group__list">
                {(drawn[index] ?? group).orders.map((order) => (
                  <OrderCard key={order.id} order={order} onAssign={onAssign} />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <footer className="orders-sidebar__footer" data-testid="sidebar-footer">
        <span className="orders-sidebar__counts">
          {ORDER_TYPES.map((type) => (
            <span key={type}>
              {text.types[type]}: <strong>{counts[type] ?? 0}</strong>
            </span>
          ))}
        </span>
        <span>{text.shown(shown.length, dayOrders.length)}</span>
      </footer>
    </aside>
  );
}
