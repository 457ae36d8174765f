import { useId, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import { useCreateFuelCard } from '../../api/fleet';
import type { DocumentCategory, Vehicle } from '../../api/fleetTypes';
import { Modal } from '../../components/Modal';
import type { FlashApi } from '../../components/useFlash';
import { DEFAULT_DOCUMENT_CATEGORY, DocumentCategorySelect } from './DocumentsPanel';
import { FUEL_CARD_PROVIDERS } from './fleetLogic';
import { FormField, SelectField } from './FormField';
import { DialogButtons, FormModal } from './FormModal';
import { CardNumberField, PinField } from './FuelCardFields';
import type { useDocumentFiles } from './useDocumentUpload';
import { failureText } from './useFleetForm';

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
      setError(failureText(failure));
    }
  };

  return (
    <FormModal
      frame={{ error, busy: create.isPending, saveLabel: text.save, canSave: complete, onSave: () => void save() }}
      size="small"
      onClose={onClose}
      title={messages.fleet.addFuelCard}
    >
      <SelectField
        id={`${id}-provider`}
        label={f.provider}
        required
        aria-required
        value={provider}
        options={[...FUEL_CARD_PROVIDERS, text.otherProvider]}
        optionLabel={(name) => name}
        onChange={setProvider}
      />
      <CardNumberField
        id={`${id}-number`}
        required
        value={cardNumber}
        autoComplete="off"
        data-autofocus
        aria-required
        onChange={setCardNumber}
      />
      <PinField id={`${id}-pin`} required hint={text.pinHint} value={pin} aria-required onChange={setPin} />
      <FormField id={`${id}-plate`} label={f.licensePlate}>
        <input id={`${id}-plate`} className="field__input" value={vehicle.license_plate} disabled />
      </FormField>
    </FormModal>
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
        <DialogButtons busy={busy} saveLabel={text.upload} canSave={chosen.length > 0} onCancel={onClose} onSave={() => void upload()} />
      }
    >
      <div className="fleet-form">
        <FormField id={`${id}-category`} label={text.fields.category}>
          <DocumentCategorySelect id={`${id}-category`} className="field__input" value={category} onChange={setCategory} />
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
