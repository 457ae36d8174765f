import { useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateFuelCard } from '../../api/fleet';
import type { DocumentCategory, Vehicle } from '../../api/fleetTypes';
import { Modal } from '../../components/Modal';
import type { FlashApi } from '../../components/useFlash';
import { DEFAULT_DOCUMENT_CATEGORY, DOCUMENT_CATEGORIES } from './DocumentsPanel';
import { documentCategoryLabel, FUEL_CARD_PROVIDERS } from './fleetLogic';
import { FormError, FormField } from './FormField';
import type { useDocumentFiles } from './useDocumentUpload';

/**
 * §2 add fuel card dialog of the documents area: provider, card number, PIN and the (disabled)
 * licence plate of the vehicle. It saves only when provider, card number and PIN are filled (§5),
 * and it really creates the card for this vehicle.
 */
export function AddFuelCardDialog({ vehicle, flash, onClose }: { vehicle: Vehicle; flash: FlashApi; onClose(): void }) {
  const id = useId();
  const text = messages.fleetScreen;
  const f = text.fields;
  const [provider, setProvider] = useState<string>(FUEL_CARD_PROVIDERS[0]);
  const [cardNumber, setCardNumber] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFuelCard();
  const complete = provider.trim() !== '' && cardNumber.trim() !== '' && pin.trim() !== '';

  const save = async () => {
    if (!complete || create.isPending) return;
    try {
      await create.mutateAsync({
        provider: provider.trim(),
        card_number: cardNumber.trim(),
        pin_code: pin.trim(),
        assigned_vehicle_id: vehicle.id,
      });
      flash.success(messages.fleet.fuelCardCreated);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Modal
      title={messages.fleet.addFuelCard}
      onClose={onClose}
      onSave={() => void save()}
      size="small"
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={create.isPending}>
            {messages.fleet.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={() => void save()} disabled={!complete || create.isPending}>
            {create.isPending ? text.working : text.save}
          </button>
        </>
      }
    >
      <form
        className="fleet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FormError text={error} />
        <FormField id={`${id}-provider`} label={f.provider} required>
          <select
            id={`${id}-provider`}
            className="field__input"
            value={provider}
            aria-required
            onChange={(event) => setProvider(event.target.value)}
          >
            {FUEL_CARD_PROVIDERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={text.otherProvider}>{text.otherProvider}</option>
          </select>
        </FormField>
        <FormField id={`${id}-number`} label={f.cardNumber} required>
          <input
            id={`${id}-number`}
            className="field__input field__input--mono"
            value={cardNumber}
            maxLength={40}
            autoComplete="off"
            data-autofocus
            aria-required
            onChange={(event) => setCardNumber(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-pin`} label={f.pin} required hint={text.pinHint}>
          <input
            id={`${id}-pin`}
            className="field__input"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            value={pin}
            aria-required
            onChange={(event) => setPin(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-plate`} label={f.licensePlate}>
          <input id={`${id}-plate`} className="field__input" value={vehicle.license_plate} disabled />
        </FormField>
      </form>
    </Modal>
  );
}

/** The upload dialog of the Übersicht ('Dokument hochladen'): category and file; it really uploads. */
export function UploadDocumentDialog({ files, onClose }: { files: ReturnType<typeof useDocumentFiles>; onClose(): void }) {
  const id = useId();
  const text = messages.fleetScreen;
  const [category, setCategory] = useState<DocumentCategory>(DEFAULT_DOCUMENT_CATEGORY);
  const [chosen, setChosen] = useState<File[]>([]);
  const busy = files.uploading !== null;

  const upload = async () => {
    if (chosen.length === 0 || busy) return;
    if (await files.uploadFiles(chosen, category)) onClose();
  };

  return (
    <Modal
      title={messages.fleet.uploadDocument}
      onClose={onClose}
      onSave={() => void upload()}
      size="small"
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {messages.fleet.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={() => void upload()} disabled={chosen.length === 0 || busy}>
            {busy ? text.working : text.upload}
          </button>
        </>
      }
    >
      <div className="fleet-form">
        <FormField id={`${id}-category`} label={text.fields.category}>
          <select
            id={`${id}-category`}
            className="field__input"
            value={category}
            onChange={(event) => setCategory(event.target.value as DocumentCategory)}
          >
            {DOCUMENT_CATEGORIES.map((key) => (
              <option key={key} value={key}>
                {documentCategoryLabel(key)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-file`} label={text.fields.file} hint={text.pdfOnlyHint}>
          <input
            id={`${id}-file`}
            className="field__input"
            type="file"
            accept="application/pdf,.pdf"
            multiple
            onChange={(event) => setChosen([...(event.target.files ?? [])])}
          />
        </FormField>
      </div>
    </Modal>
  );
}
