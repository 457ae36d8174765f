import { useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { DISPATCH_FILTERS, type FleetFilters, STATUS_FILTERS } from './fleetLogic';

export interface FilterPanelProps {
  filters: FleetFilters;
  onChange(changes: Partial<FleetFilters>): void;
  onReset(): void;
  /** The dispatch filter and the quick filters are for vehicles only (§2). */
  vehicleFilters: boolean;
}

/** §2 filter panel: status, dispatch (vehicles only), quick filters ready for use and maintenance due. */
export function FilterPanel({ filters, onChange, onReset, vehicleFilters }: FilterPanelProps) {
  const id = useId();
  const text = messages.fleetScreen;
  return (
    <section className="panel fleet-filters" aria-label={text.filters}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          {text.fields.status}
        </label>
        <select
          id={`${id}-status`}
          className="field__input"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as FleetFilters['status'] })}
        >
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {text.statusFilter[value]}
            </option>
          ))}
        </select>
      </div>
      {vehicleFilters && (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-dispatch`}>
              {text.dispatchColumn}
            </label>
            <select
              id={`${id}-dispatch`}
              className="field__input"
              value={filters.dispatch}
              onChange={(event) => onChange({ dispatch: event.target.value as FleetFilters['dispatch'] })}
            >
              {DISPATCH_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {text.dispatchFilter[value]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="fleet-filters__quick">
            <legend className="field__label">{text.quickFilters}</legend>
            <button
              type="button"
              className={`button button--small${filters.readyForUse ? ' button--pressed' : ''}`}
              aria-pressed={filters.readyForUse}
              title={text.readyForUseHint}
              onClick={() => onChange({ readyForUse: !filters.readyForUse })}
            >
              {text.readyForUse}
            </button>
            <button
              type="button"
              className={`button button--small${filters.maintenanceDue ? ' button--pressed' : ''}`}
              aria-pressed={filters.maintenanceDue}
              title={text.maintenanceDueHint}
              onClick={() => onChange({ maintenanceDue: !filters.maintenanceDue })}
            >
              {text.maintenanceDue}
            </button>
          </fieldset>
        </>
      )}
      <button type="button" className="link-button fleet-filters__reset" onClick={onReset}>
        {text.resetFilters}
      </button>
    </section>
  );
}
