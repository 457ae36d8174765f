import { useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { SelectField } from '../../components/FormField';
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
      <SelectField
        id={`${id}-status`}
        label={text.fields.status}
        value={filters.status}
        options={STATUS_FILTERS}
        optionLabel={(value) => text.statusFilter[value]}
        onChange={(value) => onChange({ status: value as FleetFilters['status'] })}
      />
      {vehicleFilters && (
        <>
          <SelectField
            id={`${id}-dispatch`}
            label={text.dispatchColumn}
            value={filters.dispatch}
            options={DISPATCH_FILTERS}
            optionLabel={(value) => text.dispatchFilter[value]}
            onChange={(value) => onChange({ dispatch: value as FleetFilters['dispatch'] })}
          />
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
