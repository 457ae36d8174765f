import type { FuelCard } from '../../api/fleetTypes';
import { HistoryButton } from '../audit/HistoryButton';
import { FleetTable } from './FleetTable';
import { fuelCardColumns, FuelCardRow } from './FuelCardRow';
import type { PinReveal } from './usePinReveal';

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
  return (
    <FleetTable columns={fuelCardColumns()} actions={canWrite}>
      {cards.map((card) => (
        <FuelCardRow
          key={card.id}
          card={card}
          canRevealPin={canRevealPin}
          reveal={reveal}
          history={<HistoryButton kind="fuel-card" id={card.id} title={card.card_number} className="audit__link" />}
          {...(canWrite ? { actions: { onEdit, onDelete } } : {})}
        />
      ))}
    </FleetTable>
  );
}
