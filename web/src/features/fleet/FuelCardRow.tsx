import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';
import type { FuelCard } from '../../api/fleetTypes';
import { formatDate, formatEuro } from '../../components/format';
import { fuelCardStatusLabel, fuelCardTypeLabel, maskedCardNumber, providerTone } from './fleetLogic';
import { AssignedPlate } from './FleetTable';
import { PinToggle } from './PinToggle';
import { RowActions } from './RowActions';
import type { PinReveal } from './usePinReveal';
import './fleet.css';

/** The columns of the Tankkarten table, in the order of `FuelCardRow`'s cells. */
export function fuelCardColumns() {
  const f = messages.fleetScreen.fields;
  return [
    { label: f.cardNumber },
    { label: f.provider },
    { label: f.cardType },
    { label: f.assignedVehicle },
    { label: f.dailyLimit, numeric: true },
    { label: f.monthlyLimit, numeric: true },
    { label: f.validUntil },
    { label: f.pin },
    { label: f.status },
  ];
}

/** A PIN reveal that never reveals: for a card's past state, whose PIN the audit never shows. */
export const NO_PIN_REVEAL: PinReveal = { pinOf: () => undefined, pending: () => false, toggle: async () => {} };

export interface FuelCardRowProps {
  card: FuelCard;
  canRevealPin: boolean;
  reveal: PinReveal;
  /** Beside the card number: the `Verlauf` link of today's list. */
  history?: ReactNode;
  /** Bearbeiten and Löschen, for those who may write. */
  actions?: { onEdit(card: FuelCard): void; onDelete(card: FuelCard): void };
}

/** One card of the Tankkarten table; also the layout of a card's past state in its `Verlauf`. */
export function FuelCardRow({ card, canRevealPin, reveal, history, actions }: FuelCardRowProps) {
  return (
    <tr data-card-id={card.id}>
      <td className="fleet-mono">
        {maskedCardNumber(card.card_number)} {history}
      </td>
      <td>
        <span className={`fleet-provider fleet-provider--${providerTone(card.provider)}`} aria-hidden="true" />
        {card.provider ?? ''}
      </td>
      <td>{fuelCardTypeLabel(card.card_type)}</td>
      <td>
        <AssignedPlate plate={card.license_plate} />
      </td>
      <td className="data-table__number">{card.daily_limit === null ? '' : formatEuro(card.daily_limit)}</td>
      <td className="data-table__number">{card.monthly_limit === null ? '' : formatEuro(card.monthly_limit)}</td>
      <td>{card.valid_until ? formatDate(card.valid_until) : ''}</td>
      <td>
        <PinToggle card={card} reveal={reveal} canReveal={canRevealPin} />
      </td>
      <td>
        <span className={`fleet-dot fleet-dot--${card.status === 'active' ? 'on' : 'off'}`} aria-hidden="true" />
        {fuelCardStatusLabel(card.status)}
      </td>
      {actions && (
        <td className="data-table__actions">
          <RowActions target={card.card_number} canWrite onEdit={() => actions.onEdit(card)} onDelete={() => actions.onDelete(card)} />
        </td>
      )}
    </tr>
  );
}
