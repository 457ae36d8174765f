import { useId } from 'react';
import { messages } from '@dispo/domain/messages';
import { CheckField } from '../../components/FormField';
import { Icon } from '../../components/icons';

export type FleetView = 'cards' | 'table';

export interface FleetToolbarProps {
  search: string;
  onSearch(text: string): void;
  view: FleetView;
  onViewChange(view: FleetView): void;
  /** The view toggle and the selection belong to the vehicle list. */
  vehicleTools: boolean;
  /** The filter panel applies to vehicles and trailers. */
  filterTools: boolean;
  filtersOpen: boolean;
  activeFilters: number;
  onToggleFilters(): void;
  /** Select-all of the visible vehicles (fleet writers only: the selection serves Dispo umschalten). */
  selection: { visible: number; selected: number };
  onSelectAll(selected: boolean): void;
  canWrite: boolean;
  onToggleDispatch(): void;
  dispatchTitle: string;
  bulkBusy: boolean;
}

/** §2 toolbar: search, select-all, Dispo umschalten for the selection, card/table view toggle and the filter panel toggle. */
export function FleetToolbar(props: FleetToolbarProps) {
  const id = useId();
  const text = messages.fleetScreen;
  const { selection } = props;
  const all = selection.visible > 0 && selection.selected === selection.visible;
  const some = selection.selected > 0 && !all;
  return (
    <div className="fleet-toolbar">
      <div className="fleet-search">
        <span className="fleet-search__icon" aria-hidden="true">
          <Icon name="search" size={16} />
        </span>
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          {text.searchLabel}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="field__input fleet-search__input"
          placeholder={messages.fleet.searchPlaceholder}
          autoComplete="off"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
        />
      </div>

      {props.vehicleTools && props.canWrite && (
        <>
          <CheckField
            className="fleet-toolbar__select-all"
            label={text.selectAll}
            checked={all}
            ref={(input) => {
              if (input) input.indeterminate = some;
            }}
            disabled={selection.visible === 0}
            onChange={props.onSelectAll}
          />
          {selection.selected > 0 && <span className="fleet-toolbar__selected">{text.selectedCount(selection.selected)}</span>}
          <button
            type="button"
            className="button"
            onClick={props.onToggleDispatch}
            disabled={selection.selected === 0 || props.bulkBusy}
            title={props.dispatchTitle}
          >
            <Icon name="truck" size={16} />
            {props.bulkBusy ? text.working : messages.fleet.toggleDispatch}
          </button>
        </>
      )}

      <div className="fleet-toolbar__end">
        {props.vehicleTools && (
          <div className="fleet-segmented" role="group" aria-label={text.view}>
            <button
              type="button"
              className={`fleet-segmented__option${props.view === 'cards' ? ' fleet-segmented__option--active' : ''}`}
              aria-pressed={props.view === 'cards'}
              onClick={() => props.onViewChange('cards')}
              title={text.cardView}
            >
              <Icon name="cards" size={16} />
              {text.cardView}
            </button>
            <button
              type="button"
              className={`fleet-segmented__option${props.view === 'table' ? ' fleet-segmented__option--active' : ''}`}
              aria-pressed={props.view === 'table'}
              onClick={() => props.onViewChange('table')}
              title={text.tableView}
            >
              <Icon name="rows" size={16} />
              {text.tableView}
            </button>
          </div>
        )}
        {props.filterTools && (
          <button
            type="button"
            className={`button${props.filtersOpen ? ' button--pressed' : ''}`}
            aria-expanded={props.filtersOpen}
            onClick={props.onToggleFilters}
          >
            <Icon name="filter" size={16} />
            {text.filters}
            {props.activeFilters > 0 && <span className="fleet-count fleet-count--accent">{props.activeFilters}</span>}
          </button>
        )}
      </div>
    </div>
  );
}
