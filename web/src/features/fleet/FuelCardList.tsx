import { messages } from '@dispo/domain/messages';
import type { FuelCard } from '../../api/fleetTypes';
import { formatDate } from '../../components/format';
import { fuelCardStatusLabel, fuelCardTypeLabel, maskedCardNumber, providerTone } from './fleetLogic';
import { AssignedPlate, FleetTable } from './FleetTable';
import { PinToggle } from './PinToggle';
import { HistoryButton } from '../audit/HistoryButton';
import { RowActions } from './RowActions';
import type { PinReveal } from './usePinReveal';

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

export function formatEuro(amount: number | null): string {
  return amount === null ? '' : euro.format(amount);
}

export interface FuelCardListProps {
  cards: readonly FuelCard[];
  canWrite: boolean;
  canRevealPin: boolean;
  reveal: PinReveal;
  onEdit(card: FuelCard): void;
  onDelete(card: FuelCard): void;
}

/** The Tankkarten tab: every card with masked number, provider, type, vehicle, limits in EUR, validity, PIN toggle and status. */
export function FuelCardList({ cards, canWrite, canRevealPin, reveal, onEdit, onDelete }: FuelCardListProps) {
  const f = messages.fleetScreen.fields;
  const columns = [
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
  return (
    <FleetTable columns={columns} actions={canWrite}>
      {cards.map((card) => (
        <tr key={card.id} data-card-id={card.id}>
          <td className="fleet-mono">
            {maskedCardNumber(card.card_number)} <HistoryButton kind="fuel-card" id={card.id} title={card.card_number} className="audit__link" />
          </td>
          <td>
            <span className={`fleet-provider fleet-provider--${providerTone(card.provider)}`} aria-hidden="true" />
            {card.provider ?? ''}
          </td>
          <td>{fuelCardTypeLabel(card.card_type)}</td>
          <td>
            <AssignedPlate plate={card.license_plate} />
          </td>
          <td className="data-table__number">{formatEuro(card.daily_limit)}</td>
          <td className="data-table__number">{formatEuro(card.monthly_limit)}</td>
          <td>{card.valid_until ? formatDate(card.valid_until) : ''}</td>
          <td>
            <PinToggle card={card} reveal={reveal} canReveal={canRevealPin} />
          </td>
          <td>
            <span className={`fleet-dot fleet-dot--${card.status === 'active' ? 'on' : 'off'}`} aria-hidden="true" />
            {fuelCardStatusLabel(card.status)}
          </td>
          {canWrite && (
            <td className="data-table__actions">
              <RowActions target={card.card_number} canWrite onEdit={() => onEdit(card)} onDelete={() => onDelete(card)} />
            </td>
          )}
        </tr>
      ))}
    </FleetTable>
  );
}
