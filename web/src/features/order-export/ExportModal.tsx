import { messages } from '@dispo/domain/messages';
import { canBeLoadingPlant } from '@dispo/domain/plant/plant-eligibility';
import { useState } from 'react';
import { fetchExport, useExportPreview } from '../../api/orderExport';
import { useOrderSettings } from '../../api/orderSettings';
import { usePlants } from '../../api/reference';
import { DialogButtons } from '../../components/DialogButtons';
import { saveBlob } from '../../components/download';
import { formatDate, formatDateTime, todayInBerlin } from '../../components/format';
import { InputField, SelectField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { readLastExport, writeLastExport } from './lastExport';
import './orderExport.css';

const text = messages.exportScreen;

export interface ExportModalProps {
  onClose(): void;
  /** §8.3: the export failed. */
  onError(message: string): void;
}

/**
 * Transportaufträge exportieren (§2.11): a delivery day, the departure plant (default all), the live
 * count, the last export offered again, and the file in the user's default format (xlsx or CSV).
 */
export function ExportModal({ onClose, onError }: ExportModalProps) {
  const format = useOrderSettings().settings.defaultExportFormat;
  const [date, setDate] = useState(todayInBerlin());
  const [plantId, setPlantId] = useState('');
  const [busy, setBusy] = useState(false);
  const [last] = useState(readLastExport);
  const plants = (usePlants().data ?? []).filter((p) => canBeLoadingPlant({ plantRole: p.plant_role, plantType: p.plant_type }));
  const preview = useExportPreview(date, plantId);
  const count = preview.data ?? 0;

  const run = async () => {
    setBusy(true);
    try {
      const file = await fetchExport(date, plantId, format);
      const plantName = plants.find((p) => p.id === plantId)?.name ?? '';
      saveBlob(file.blob, file.fileName ?? `Transportauftraege_${date}_${plantName || text.fileAll}.${format}`);
      writeLastExport({ date, plantId, plantName, at: new Date().toISOString() });
      onClose();
    } catch {
      onError(messages.errors.createExport);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={messages.exportDialog.title}
      onClose={onClose}
      size="small"
      footer={
        <DialogButtons
          cancelLabel={text.cancel}
          onCancel={onClose}
          actionLabel={format === 'csv' ? text.submitCsv : messages.exportDialog.submit}
          onAction={() => void run()}
          busy={busy || preview.isFetching || count === 0}
        />
      }
    >
      <div className="order-export">
        <InputField id="export-date" label={text.date} type="date" value={date} onChange={setDate} />
        <SelectField id="export-plant" label={text.plant} value={plantId} none={text.allPlants} options={plants} optionLabel={(p) => p.name} onChange={setPlantId} />
        <p className="order-export__count" role="status">
          {preview.isFetching ? text.previewLoading : text.preview(count)}
        </p>
        {last && (
          <p className="order-export__suggestion">
            <span>{text.suggestion(formatDate(last.date), last.plantName || text.allPlants, formatDateTime(last.at))}</span>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setDate(last.date);
                setPlantId(last.plantId);
              }}
            >
              {text.applySuggestion}
            </button>
          </p>
        )}
      </div>
    </Modal>
  );
}
