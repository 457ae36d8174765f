import { type RefObject, useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { useLoadingPoints, useMaterials, usePlants } from '../../api/reference';
import { Icon } from '../../components/icons';
import { SearchBox } from './SearchBox';
import { QUICK_FILTERS, type OrderFiltersApi, type QuickFilter } from './useOrderFilters';

export type Density = 'compact' | 'normal' | 'spacious';
export const DENSITIES: readonly Density[] = ['compact', 'normal', 'spacious'];

/** §4.1: the status values of the filter list. */
export const FILTER_STATUSES = ['offen', 'disponiert', 'unterwegs', 'geliefert', 'abgerechnet', 'storniert', 'problem'] as const;
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
const TRANSPORT_TYPES = ['standard', 'silo', 'pumpe', 'kran'] as const;

const QUICK_LABELS: Record<QuickFilter, string> = {
  open: messages.filters.quickOpen,
  urgent: messages.filters.quickUrgent,
  problem: messages.filters.quickProblem,
  dueToday: messages.filters.quickDueToday,
};

const statusLabels = messages.labels.orderStatus as Readonly<Record<string, string>>;

export interface FilterBarProps {
  filters: OrderFiltersApi;
  searchRef: RefObject<HTMLInputElement | null>;
  density: Density;
  onDensityChange(density: Density): void;
  expanded: boolean;
  onToggleExpanded(): void;
  onRefresh(): void;
  refreshing: boolean;
  onQuickOrder(): void;
  onExport(): void;
}

/** The filter bar of §2.3. */
export function FilterBar({
  filters,
  searchRef,
  density,
  onDensityChange,
  expanded,
  onToggleExpanded,
  onRefresh,
  refreshing,
  onQuickOrder,
  onExport,
}: FilterBarProps) {
  const text = messages.orderScreen;
  const densityId = useId();
  const plantFilter = filters.filters.plant;
  const plants = usePlants(expanded || plantFilter !== '');
  const plantName = plantFilter ? plants.data?.find((plant) => plant.id === plantFilter)?.name : undefined;

  return (
    <section className="panel filter-bar" aria-label={text.searchLabel}>
      <div className="filter-bar__row">
        <SearchBox
          value={filters.searchText}
          term={filters.applied.search}
          onChange={filters.setSearchText}
          onApply={filters.applySearch}
          inputRef={searchRef}
        />
        {plantFilter && (
          <span className="chip">
            {text.filterPlant}: {plantName ?? '…'}
            <button
              type="button"
              className="chip__remove"
              aria-label={text.removePlantFilter}
              onClick={() => filters.setFilter('plant', '')}
            >
              ×
            </button>
          </span>
        )}
        <div className="filter-bar__quick" role="group" aria-label={text.quickFilters}>
          {QUICK_FILTERS.map((quick) => (
            <button
              key={quick}
              type="button"
              className={`quick-link${filters.isQuickActive(quick) ? ' quick-link--active' : ''}`}
              aria-pressed={filters.isQuickActive(quick)}
              onClick={() => filters.toggleQuickFilter(quick)}
            >
              {QUICK_LABELS[quick]}
            </button>
          ))}
        </div>
        <label className="checkbox filter-bar__settled">
          <input type="checkbox" checked={filters.hideSettled} onChange={(event) => filters.setHideSettled(event.target.checked)} />
          {text.hideSettled}
        </label>
        <button
          type="button"
          className={`button button--small${expanded ? ' button--pressed' : ''}`}
          aria-expanded={expanded}
          onClick={onToggleExpanded}
        >
          <Icon name="filter" size={16} />
          {expanded ? text.lessFilters : messages.filters.moreFilters}
        </button>
        {filters.active && (
          <button type="button" className="link-button" onClick={filters.reset}>
            {text.resetFilters}
          </button>
        )}
        <div className="filter-bar__tools">
          <div className="filter-bar__density" title={text.density}>
            <label htmlFor={densityId} className="filter-bar__label">
              <Icon name="rows" size={16} />
              <span className="visually-hidden">{text.density}</span>
            </label>
            <select
              id={densityId}
              className="field__input field__input--small"
              value={density}
              onChange={(event) => onDensityChange(event.target.value as Density)}
            >
              {DENSITIES.map((option) => (
                <option key={option} value={option}>
                  {text.densityOption[option]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="icon-button" onClick={onExport} aria-label={text.exportOrders} title={text.exportOrders}>
            <Icon name="export" />
          </button>
          <button type="button" className="icon-button" onClick={onQuickOrder} aria-label={text.quickOrderLink} title={text.quickOrderLink}>
            <Icon name="quick" />
          </button>
          <button
            type="button"
            className={`icon-button${refreshing ? ' icon-button--spinning' : ''}`}
            onClick={onRefresh}
            aria-label={text.refresh}
            title={text.refresh}
          >
            <Icon name="refresh" />
          </button>
        </div>
      </div>
      {expanded && <ExtendedFilters filters={filters} />}
    </section>
  );
}

function ExtendedFilters({ filters }: { filters: OrderFiltersApi }) {
  const text = messages.orderScreen;
  const id = useId();
  const plants = usePlants();
  const loadingPoints = useLoadingPoints();
  const materials = useMaterials();
  const f = filters.filters;
  const points = (loadingPoints.data ?? []).filter((point) => !f.plant || point.plant_id === f.plant);

  return (
    <div className="filter-bar__extended" role="group" aria-label={text.extendedFilters}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          {text.filterStatus}
        </label>
        <select
          id={`${id}-status`}
          className="field__input"
          value={f.status}
          onChange={(event) => filters.setFilter('status', event.target.value)}
        >
          <option value="">{text.allStatuses}</option>
          {FILTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status] ?? status}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-plant`}>
          {text.filterPlant}
        </label>
        <select
          id={`${id}-plant`}
          className="field__input"
          value={f.plant}
          onChange={(event) => filters.setFilter('plant', event.target.value)}
        >
          <option value="">{text.allPlants}</option>
          {(plants.data ?? []).map((plant) => (
            <option key={plant.id} value={plant.id}>
              {plant.city ? `${plant.name} (${plant.city})` : plant.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-loading-point`}>
          {text.filterLoadingPoint}
        </label>
        <select
          id={`${id}-loading-point`}
          className="field__input"
          value={f.loadingPoint}
          onChange={(event) => filters.setFilter('loadingPoint', event.target.value)}
        >
          <option value="">{text.allLoadingPoints}</option>
          {points.map((point) => (
            <option key={point.id} value={point.id}>
              {`${point.name} – ${point.plant_name}`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-material`}>
          {text.filterMaterial}
        </label>
        <select
          id={`${id}-material`}
          className="field__input"
          value={f.material}
          onChange={(event) => filters.setFilter('material', event.target.value)}
        >
          <option value="">{text.allMaterials}</option>
          {(materials.data ?? []).map((material) => (
            <option key={material.id} value={material.id}>
              {material.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-priority`}>
          {text.filterPriority}
        </label>
        <select
          id={`${id}-priority`}
          className="field__input"
          value={f.priority}
          onChange={(event) => filters.setFilter('priority', event.target.value)}
        >
          <option value="">{text.allPriorities}</option>
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {messages.labels.priority[priority]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-transport`}>
          {text.filterTransportType}
        </label>
        <select
          id={`${id}-transport`}
          className="field__input"
          value={f.transportType}
          onChange={(event) => filters.setFilter('transportType', event.target.value)}
        >
          <option value="">{text.allTransportTypes}</option>
          {TRANSPORT_TYPES.map((type) => (
            <option key={type} value={type}>
              {messages.labels.transportType[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          {text.filterDateFrom}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="field__input"
          value={f.dateFrom}
          onChange={(event) => filters.setFilter('dateFrom', event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          {text.filterDateTo}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="field__input"
          value={f.dateTo}
          onChange={(event) => filters.setFilter('dateTo', event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-min`}>
          {text.filterMinQuantity}
        </label>
        <input
          id={`${id}-min`}
          type="number"
          min={0}
          step={0.1}
          inputMode="decimal"
          className="field__input"
          value={f.minQuantity}
          onChange={(event) => filters.setFilter('minQuantity', event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-created`}>
          {text.filterCreatedFrom}
        </label>
        <input
          id={`${id}-created`}
          type="date"
          className="field__input"
          value={f.createdFrom}
          onChange={(event) => filters.setFilter('createdFrom', event.target.value)}
        />
      </div>
      <fieldset className="field filter-bar__needs">
        <legend className="field__label">{text.filterSpecialNeeds}</legend>
        <label className="checkbox">
          <input type="checkbox" checked={f.pumpRequired} onChange={(event) => filters.setFilter('pumpRequired', event.target.checked)} />
          {text.filterPumpRequired}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={f.craneRequired} onChange={(event) => filters.setFilter('craneRequired', event.target.checked)} />
          {text.filterCraneRequired}
        </label>
      </fieldset>
    </div>
  );
}
