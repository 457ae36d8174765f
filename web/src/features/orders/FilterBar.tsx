import { type ReactNode, useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { useLoadingPoints, useMaterials, usePlants } from '../../api/reference';
import { CheckField, InputField, NumberField, SelectField, SelectOptions } from '../../components/FormField';
import { Icon } from '../../components/icons';
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
  /** The page's search field (F3), or null when the separate bar under the text entry has it (§2.3). */
  searchBar: ReactNode;
  density: Density;
  onDensityChange(density: Density): void;
  expanded: boolean;
  onToggleExpanded(): void;
  onRefresh(): void;
  refreshing: boolean;
  /** Absent for roles that may not create orders. */
  onQuickOrder?: () => void;
  onExport(): void;
}

/** The filter bar of §2.3. */
export function FilterBar({
  filters,
  searchBar,
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
        {searchBar}
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
        <CheckField
          className="filter-bar__settled"
          label={text.hideSettled}
          checked={filters.hideSettled}
          onChange={filters.setHideSettled}
        />
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
              <SelectOptions options={DENSITIES} optionLabel={(option) => text.densityOption[option]} />
            </select>
          </div>
          <button type="button" className="icon-button" onClick={onExport} aria-label={text.exportOrders} title={text.exportOrders}>
            <Icon name="export" />
          </button>
          {onQuickOrder && (
            <button
              type="button"
              className="icon-button"
              onClick={onQuickOrder}
              aria-label={text.quickOrderLink}
              title={text.quickOrderLink}
            >
              <Icon name="quick" />
            </button>
          )}
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

  /** Value and change of a filter that is picked or typed (every one but the two checkboxes). */
  const textFilter = (key: Exclude<keyof typeof f, 'pumpRequired' | 'craneRequired'>) => ({
    value: f[key],
    onChange: (value: string) => filters.setFilter(key, value),
  });

  return (
    <div className="filter-bar__extended" role="group" aria-label={text.extendedFilters}>
      <SelectField
        id={`${id}-status`}
        label={text.filterStatus}
        none={text.allStatuses}
        options={FILTER_STATUSES}
        optionLabel={(status) => statusLabels[status] ?? status}
        {...textFilter('status')}
      />
      <SelectField
        id={`${id}-plant`}
        label={text.filterPlant}
        none={text.allPlants}
        options={plants.data ?? []}
        optionLabel={(plant) => (plant.city ? `${plant.name} (${plant.city})` : plant.name)}
        {...textFilter('plant')}
      />
      <SelectField
        id={`${id}-loading-point`}
        label={text.filterLoadingPoint}
        none={text.allLoadingPoints}
        options={points}
        optionLabel={(point) => `${point.name} – ${point.plant_name}`}
        {...textFilter('loadingPoint')}
      />
      <SelectField
        id={`${id}-material`}
        label={text.filterMaterial}
        none={text.allMaterials}
        options={materials.data ?? []}
        optionLabel={(material) => material.name}
        {...textFilter('material')}
      />
      <SelectField
        id={`${id}-priority`}
        label={text.filterPriority}
        none={text.allPriorities}
        options={PRIORITIES}
        optionLabel={(priority) => messages.labels.priority[priority]}
        {...textFilter('priority')}
      />
      <SelectField
        id={`${id}-transport`}
        label={text.filterTransportType}
        none={text.allTransportTypes}
        options={TRANSPORT_TYPES}
        optionLabel={(type) => messages.labels.transportType[type]}
        {...textFilter('transportType')}
      />
      <InputField id={`${id}-from`} label={text.filterDateFrom} type="date" {...textFilter('dateFrom')} />
      <InputField id={`${id}-to`} label={text.filterDateTo} type="date" {...textFilter('dateTo')} />
      <NumberField id={`${id}-min`} label={text.filterMinQuantity} step={0.1} {...textFilter('minQuantity')} />
      <InputField id={`${id}-created`} label={text.filterCreatedFrom} type="date" {...textFilter('createdFrom')} />
      <fieldset className="field filter-bar__needs">
        <legend className="field__label">{text.filterSpecialNeeds}</legend>
        <CheckField label={text.filterPumpRequired} checked={f.pumpRequired} onChange={(on) => filters.setFilter('pumpRequired', on)} />
        <CheckField label={text.filterCraneRequired} checked={f.craneRequired} onChange={(on) => filters.setFilter('craneRequired', on)} />
      </fieldset>
    </div>
  );
}
