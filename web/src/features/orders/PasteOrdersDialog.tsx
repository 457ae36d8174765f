import { messages } from '@dispo/domain/messages';
import { useMemo, useState } from 'react';
import { isApiError } from '../../api/errors';
import { useLoadingPoints, useMaterials, usePlants } from '../../api/reference';
import { Modal } from '../../components/Modal';
import { useCreateFromDrafts } from '../order-text/api';
import { parsePastedOrders } from './clipboard';
import { formatDate } from './format';

const t = messages.intakeTools;

export interface PasteOrdersDialogProps {
  text: string;
  onClose(): void;
  onCreated(message: string): void;
}

/**
 * Ctrl+V (orders.md §2.1): pasted rows as a preview of what was recognised; nothing is created until
 * the user confirms, and rows with problems are left out.
 */
export function PasteOrdersDialog({ text, onClose, onCreated }: PasteOrdersDialogProps) {
  const plants = usePlants();
  const points = useLoadingPoints();
  const materials = useMaterials();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFromDrafts();
  const ready = plants.isSuccess && points.isSuccess && materials.isSuccess;
  const rows = useMemo(
    () => (ready ? parsePastedOrders(text, { plants: plants.data, loadingPoints: points.data, materials: materials.data }) : []),
    [ready, text, plants.data, points.data, materials.data],
  );
  const good = rows.filter((r) => r.problems.length === 0);

  const confirm = async () => {
    try {
      const answer = await create.mutateAsync(good.map((r) => r.draft));
      onCreated(answer.message);
    } catch (e) {
      setError(isApiError(e) || e instanceof Error ? e.message : messages.errors.createAllOrders);
    }
  };

  return (
    <Modal
      title={t.pasteTitle}
      onClose={onClose}
      onSave={good.length > 0 ? () => void confirm() : undefined}
      size="large"
      footer={
        <>
          <span className="field__hint">{ready && (rows.length === 0 ? t.pasteNothing : t.pasteRecognised(rows.length))}</span>
          <span className="modal__footer-spacer" />
          <button type="button" className="button" onClick={onClose}>
            {messages.orderScreen.cancel}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void confirm()}
            disabled={good.length === 0 || create.isPending}
            data-autofocus
          >
            {t.pasteCreate(good.length)}
          </button>
        </>
      }
    >
      {rows.length > 0 && (
        <table className="data-table paste-preview">
          <thead>
            <tr>
              <th>#</th>
              <th>{messages.orderScreen.deliveryDate}</th>
              <th>{t.clipboardHeaders.time}</th>
              <th>{messages.orderScreen.loadingPlant}</th>
              <th>{messages.orderScreen.loadingPoint}</th>
              <th>{messages.orderScreen.deliveryPlant}</th>
              <th>{messages.orderScreen.material}</th>
              <th className="data-table__number">{t.quantity}</th>
              <th>{t.pasteColumns}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row, draft, problems }) => (
              <tr key={row} className={problems.length > 0 ? 'paste-preview__row--problem' : undefined}>
                <td>{row}</td>
                <td>{draft.deliveryDate ? formatDate(draft.deliveryDate) : '–'}</td>
                <td>
                  {draft.deliveryTimeType === 'range'
                    ? `${draft.deliveryTimeFrom}–${draft.deliveryTimeTo}`
                    : (draft.deliveryTimeFixed ?? '–')}
                </td>
                <td>{draft.loadingPlantName ?? '–'}</td>
                <td>{draft.loadingPointName ?? '–'}</td>
                <td>{draft.deliveryPlantName ?? '–'}</td>
                <td>{draft.materialName ?? '–'}</td>
                <td className="data-table__number">
                  {draft.quantity !== null
                    ? `${draft.quantity.toLocaleString('de-DE')} ${messages.labels.unitShort[draft.unit ?? 'to']}`
                    : '–'}
                </td>
                <td>{problems.length === 0 ? '✓' : problems.join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ready && rows.length === 0 && <p>{t.pasteNothing}</p>}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
