import { useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useUpdateFuelCard } from '../../api/fleet';
import type { FuelCard, FuelCardBody, FuelCardStatus } from '../../api/fleetTypes';
import { formatDate } from '../../components/format';
import type { FlashApi } from '../../components/useFlash';
import { fuelCardStatusLabel, fuelCardTypeLabel, groupedCardNumber, maskedCardNumber, providerTone } from './fleetLogic';
import { FleetForm } from './FormModal';
import { CardNumberField, PinField, ProviderField } from './FuelCardFields';
import { PinToggle } from './PinToggle';
import { failureText } from './useFleetForm';
import type { PinReveal } from './usePinReveal';
import { blankToNull } from './vehicleForm';

export interface FuelCardStackProps {
  cards: readonly FuelCard[];
  canWrite: boolean;
  canRevealPin: boolean;
  reveal: PinReveal;
  flash: FlashApi;
  onAdd(): void;
}

/** §2: the side panel edits provider, card number, PIN and status (Aktiv or Gesperrt), and really saves. */
function FuelCardEditPanel({ card, onClose, flash }: { card: FuelCard; onClose(): void; flash: FlashApi }) {
  const id = useId();
  const text = messages.fleetScreen;
  const f = text.fields;
  const [provider, setProvider] = useState(card.provider ?? '');
  const [cardNumber, setCardNumber] = useState(card.card_number);
  const [pin, setPin] = useState('');
  const [status, setStatus] = useState<FuelCardStatus>(card.status);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateFuelCard();
  const statuses: FuelCardStatus[] = card.status === 'lost' ? ['active', 'blocked', 'lost'] : ['active', 'blocked'];

  const save = async () => {
    if (cardNumber.trim() === '') {
      setError(messages.validation.requiredFields);
      return;
    }
    const body: FuelCardBody = { provider: blankToNull(provider), card_number: cardNumber.trim(), status };
    if (pin.trim() !== '') body.pin_code = pin.trim();
    try {
      await update.mutateAsync({ id: card.id, body });
      flash.success(messages.fleet.fuelCardUpdated);
      onClose();
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <aside className="panel fleet-card-panel" aria-label={text.editCardPanel}>
      <header className="fleet-card-panel__header">
        <h4 className="fleet-card-panel__title">{messages.fleet.editFuelCard}</h4>
      </header>
      <FleetForm error={error} onSubmit={() => void save()}>
        <ProviderField id={`${id}-provider`} value={provider} onChange={setProvider} />
        <CardNumberField id={`${id}-number`} required value={cardNumber} onChange={setCardNumber} />
        <PinField id={`${id}-pin`} hint={card.has_pin ? text.pinKeepHint : text.pinHint} value={pin} onChange={setPin} />
        <fieldset className="fleet-form__radios">
          <legend className="field__label">{f.status}</legend>
          <div className="fleet-form__radio-row">
            {statuses.map((value) => (
              <label key={value} className="checkbox">
                <input type="radio" name={`${id}-status`} value={value} checked={status === value} onChange={() => setStatus(value)} />
                {fuelCardStatusLabel(value)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="fleet-card-panel__buttons">
          <button type="button" className="button" onClick={onClose} disabled={update.isPending}>
            {messages.fleet.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? text.working : text.save}
          </button>
        </div>
      </FleetForm>
    </aside>
  );
}

/** 'gültig bis 12/2027' from `YYYY-MM-DD`. */
function validText(date: string | null): string | null {
  if (!date) return null;
  return messages.fleetScreen.validUntilShort(formatDate(date).slice(3));
}

/**
 * §2 fuel card tab of a vehicle: stacked card visuals coloured by provider (Shell, Aral, Total,
 * Esso, BP, other), the number masked (grouped when a card is opened), the PIN hidden with a toggle,
 * a status dot (green active, red otherwise). Clicking a card opens it and the side edit panel.
 */
export function FuelCardStack({ cards, canWrite, canRevealPin, reveal, flash, onAdd }: FuelCardStackProps) {
  const text = messages.fleetScreen;
  const [openId, setOpenId] = useState<string | null>(null);
  const open = cards.find((card) => card.id === openId) ?? null;

  if (cards.length === 0) {
    return (
      <div className="fleet-empty">
        <p className="fleet-empty__title">{messages.fleet.noFuelCards}</p>
        {canWrite && (
          <button type="button" className="button button--primary" onClick={onAdd}>
            {messages.fleet.addFirstFuelCard}
          </button>
        )}
      </div>
    );
  }

  return (
    <div className={`fleet-card-stack-layout${open ? ' fleet-card-stack-layout--panel' : ''}`}>
      <div className="fleet-card-stack">
        {cards.map((card) => {
          const expanded = card.id === openId;
          return (
            <div
              key={card.id}
              className={`fuel-card fuel-card--${providerTone(card.provider)}${expanded ? ' fuel-card--open' : ''}`}
              data-card-id={card.id}
            >
              <button
                type="button"
                className="fuel-card__select"
                aria-expanded={expanded}
                aria-label={text.openCard(card.provider ?? text.otherProvider, maskedCardNumber(card.card_number))}
                onClick={() => setOpenId(expanded ? null : card.id)}
              />
              <div className="fuel-card__top">
                <span className="fuel-card__provider">{card.provider ?? text.otherProvider}</span>
                {!expanded && <span className="fuel-card__last4">{maskedCardNumber(card.card_number).slice(-9)}</span>}
                <span className="fuel-card__status">
                  <span className={`fleet-dot fleet-dot--${card.status === 'active' ? 'on' : 'off'}`} aria-hidden="true" />
                  {fuelCardStatusLabel(card.status)}
                </span>
              </div>
              <span className="fuel-card__chip" aria-hidden="true" />
              <div className="fuel-card__number" data-testid={`card-number-${card.id}`}>
                {expanded ? groupedCardNumber(card.card_number) : maskedCardNumber(card.card_number)}
              </div>
              <div className="fuel-card__bottom">
                <span className="fuel-card__pin">
                  {text.fields.pin} <PinToggle card={card} reveal={reveal} canReveal={canRevealPin} />
                </span>
                <span>{fuelCardTypeLabel(card.card_type)}</span>
                <span>{validText(card.valid_until)}</span>
              </div>
            </div>
          );
        })}
        {canWrite && (
          <button type="button" className="button fleet-card-stack__add" onClick={onAdd}>
            {messages.fleet.addFuelCard}
          </button>
        )}
      </div>
      {open && canWrite && <FuelCardEditPanel key={open.id} card={open} flash={flash} onClose={() => setOpenId(null)} />}
    </div>
  );
}
