import { messages } from '@dispo/domain/messages';
import type { FuelCard } from '../../api/fleetTypes';
import { formatDate } from '../../components/format';
import { Icon } from '../../components/icons';
import { fuelCardStatusLabel, fuelCardTypeLabel, maskedCardNumber, providerTone } from './fleetLogic';
import { PinToggle } from './PinToggle';
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
  const text = messages.fleetScreen;
  const f = text.fields;
  return (
    <div className="panel fleet-table-wrap">
      <table className="fleet-table">
        <thead>
          <tr>
            <th scope="col">{f.cardNumber}</th>
            <th scope="col">{f.provider}</th>
            <th scope="col">{f.cardType}</th>
            <th scope="col">{f.assignedVehicle}</th>
            <th scope="col" className="fleet-table__number">
              {f.dailyLimit}
            </th>
            <th scope="col" className="fleet-table__number">
              {f.monthlyLimit}
            </th>
            <th scope="col">{f.validUntil}</th>
            <th scope="col">{f.pin}</th>
            <th scope="col">{f.status}</th>
            {canWrite && (
              <th scope="col" className="fleet-table__actions">
                {text.actions}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {cards.map((card) => (
            <tr key={card.id} data-card-id={card.id}>
              <td className="fleet-mono">{maskedCardNumber(card.card_number)}</td>
              <td>
                <span className={`fleet-provider fleet-provider--${providerTone(card.provider)}`} aria-hidden="true" />
                {card.provider ?? ''}
              </td>
              <td>{fuelCardTypeLabel(card.card_type)}</td>
              <td>
                {card.license_plate ? (
                  <span className="fleet-plate fleet-plate--small">{card.license_plate}</span>
                ) : (
                  <span className="fleet-muted">{messages.fleet.notAssigned}</span>
                )}
              </td>
              <td className="fleet-table__number">{formatEuro(card.daily_limit)}</td>
              <td className="fleet-table__number">{formatEuro(card.monthly_limit)}</td>
              <td>{card.valid_until ? formatDate(card.valid_until) : ''}</td>
              <td>
                <PinToggle card={card} reveal={reveal} canReveal={canRevealPin} />
              </td>
              <td>
                <span className={`fleet-dot fleet-dot--${card.status === 'active' ? 'on' : 'off'}`} aria-hidden="true" />
                {fuelCardStatusLabel(card.status)}
              </td>
              {canWrite && (
                <td className="fleet-table__actions">
                  <div className="fleet-actions">
                    <button
                      type="button"
                      className="icon-button icon-button--small"
                      aria-label={text.actionOn(text.edit, card.card_number)}
                      title={text.edit}
                      onClick={() => onEdit(card)}
                    >
                      <Icon name="edit" size={16} />
                    </button>
                    <button
                      type="button"
                      className="icon-button icon-button--small icon-button--danger"
                      aria-label={text.actionOn(text.delete, card.card_number)}
                      title={text.delete}
                      onClick={() => onDelete(card)}
                    >
                      <Icon name="delete" size={16} />
                    </button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
