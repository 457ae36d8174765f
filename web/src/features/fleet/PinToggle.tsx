import { messages } from '@dispo/domain/messages';
import type { FuelCard } from '../../api/fleetTypes';
import { Icon } from '../../components/icons';
import { MASKED_PIN } from './fleetLogic';
import type { PinReveal } from './usePinReveal';

/** The PIN of a card, hidden by default; the toggle (fleet managers and admins) reveals it through the server. */
export function PinToggle({
  card,
  reveal,
  canReveal,
}: {
  card: Pick<FuelCard, 'id' | 'has_pin' | 'card_number'>;
  reveal: PinReveal;
  canReveal: boolean;
}) {
  const text = messages.fleetScreen;
  if (!card.has_pin) return <span className="fleet-pin fleet-muted">{text.noPin}</span>;
  const pin = reveal.pinOf(card.id);
  const shown = pin !== undefined;
  return (
    <span className="fleet-pin">
      <span className="fleet-pin__value" data-testid={`pin-${card.id}`}>
        {shown ? pin : MASKED_PIN}
      </span>
      {canReveal && (
        <button
          type="button"
          className="icon-button icon-button--small fleet-pin__toggle"
          aria-label={shown ? text.hidePinOf(card.card_number) : text.showPinOf(card.card_number)}
          aria-pressed={shown}
          title={shown ? text.hidePin : text.showPin}
          disabled={reveal.pending(card.id)}
          onClick={(event) => {
            event.stopPropagation();
            void reveal.toggle(card.id);
          }}
        >
          <Icon name={shown ? 'eyeOff' : 'details'} size={15} />
        </button>
      )}
    </span>
  );
}
