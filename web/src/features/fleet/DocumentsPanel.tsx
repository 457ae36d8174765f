import { type DragEvent, useId, useRef, useState } from 'react';
import { messages } from '@dispo/domain/messages';
import type { DocumentCategory, VehicleDocument } from '../../api/fleetTypes';
import { formatDateTime } from '../../components/format';
import { SelectOptions } from '../../components/FormField';
import { Icon } from '../../components/icons';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { documentCategoryLabel, formatFileSize } from './fleetLogic';
import { ActionButton } from './RowActions';
import type { useDocumentFiles } from './useDocumentUpload';

/** §3 Document categories in the order the documents are grouped; other is the default. */
export const DOCUMENT_CATEGORIES: readonly DocumentCategory[] = [
  'registration',
  'insurance',
  'inspection',
  'maintenance',
  'repair',
  'other',
];
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategory = 'other';

type DocumentFiles = ReturnType<typeof useDocumentFiles>;

/** The category choice of an upload (§3 categories, in their order). */
export function DocumentCategorySelect({
  id,
  className,
  value,
  onChange,
}: {
  id: string;
  className: string;
  value: DocumentCategory;
  onChange(category: DocumentCategory): void;
}) {
  return (
    <select id={id} className={className} value={value} onChange={(event) => onChange(event.target.value as DocumentCategory)}>
      <SelectOptions options={DOCUMENT_CATEGORIES} optionLabel={documentCategoryLabel} />
    </select>
  );
}

export interface DocumentsPanelProps {
  documents: readonly VehicleDocument[];
  loading: boolean;
  files: DocumentFiles;
  canWrite: boolean;
}

/** The four counters of §2: total, categories, registration, inspection. */
export function documentCounters(documents: readonly VehicleDocument[]) {
  return {
    total: documents.length,
    categories: new Set(documents.map((document) => document.category)).size,
    registration: documents.filter((document) => document.category === 'registration').length,
    inspection: documents.filter((document) => document.category === 'inspection').length,
  };
}

/** One document as a card: name, size, upload date; view, download and delete (§2). */
export function DocumentCard({
  document,
  files,
  canWrite,
  onDelete,
}: {
  document: VehicleDocument;
  files: DocumentFiles;
  canWrite: boolean;
  onDelete(document: VehicleDocument): void;
}) {
  const text = messages.fleetScreen;
  return (
    <article className="fleet-doc" aria-label={document.name}>
      <span className="fleet-doc__icon" aria-hidden="true">
        <Icon name="file" size={22} />
      </span>
      <div className="fleet-doc__body">
        <span className="fleet-doc__name" title={document.name}>
          {document.name}
        </span>
        <span className="fleet-doc__meta">
          {formatFileSize(document.size)} · {formatDateTime(document.uploadDate)}
        </span>
      </div>
      <div className="fleet-actions">
        <ActionButton action={text.viewDocument} target={document.name} icon="details" onClick={() => void files.view(document)} />
        <ActionButton action={text.download} target={document.name} icon="download" onClick={() => void files.download(document)} />
        {canWrite && <ActionButton action={text.delete} target={document.name} icon="delete" danger onClick={() => onDelete(document)} />}
      </div>
    </article>
  );
}

/** §2 Dokumente tab: drag-and-drop and file picker (PDF only, several files), counters, documents grouped by category. */
export function DocumentsPanel({ documents, loading, files, canWrite }: DocumentsPanelProps) {
  const id = useId();
  const text = messages.fleetScreen;
  const [category, setCategory] = useState<DocumentCategory>(DEFAULT_DOCUMENT_CATEGORY);
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<VehicleDocument | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const counters = documentCounters(documents);
  const groups = DOCUMENT_CATEGORIES.map((key) => ({ key, documents: documents.filter((document) => document.category === key) })).filter(
    (group) => group.documents.length > 0,
  );

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!canWrite || files.uploading) return;
    void files.uploadFiles([...event.dataTransfer.files], category);
  };

  return (
    <div className="fleet-docs">
      <div className="fleet-doc-counters" aria-label={text.documentCounters}>
        {[
          { key: 'total', label: text.counters.total, value: counters.total },
          { key: 'categories', label: text.counters.categories, value: counters.categories },
          { key: 'registration', label: documentCategoryLabel('registration'), value: counters.registration },
          { key: 'inspection', label: documentCategoryLabel('inspection'), value: counters.inspection },
        ].map((counter) => (
          <div key={counter.key} className="fleet-tile fleet-tile--small" data-testid={`doc-counter-${counter.key}`}>
            <span className="fleet-tile__value">{counter.value}</span>
            <span className="fleet-tile__label">{counter.label}</span>
          </div>
        ))}
      </div>

      {canWrite && (
        <div
          className={`fleet-dropzone${dragging ? ' fleet-dropzone--active' : ''}`}
          data-testid="document-dropzone"
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
        >
          <Icon name="upload" size={28} />
          <p className="fleet-dropzone__text">{text.dropHint}</p>
          <div className="fleet-dropzone__controls">
            <label className="field__label" htmlFor={`${id}-category`}>
              {text.fields.category}
            </label>
            <DocumentCategorySelect
              id={`${id}-category`}
              className="field__input field__input--small"
              value={category}
              onChange={setCategory}
            />
            <button
              type="button"
              className="button button--primary button--small"
              disabled={files.uploading !== null}
              onClick={() => input.current?.click()}
            >
              <Icon name="upload" size={14} />
              {text.chooseFiles}
            </button>
            <input
              ref={input}
              type="file"
              accept="application/pdf,.pdf"
              multiple
              hidden
              aria-label={text.chooseFiles}
              data-testid="document-input"
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                event.target.value = '';
                void files.uploadFiles(chosen, category);
              }}
            />
          </div>
          <p className="field__hint">{text.pdfOnlyHint}</p>
          {files.uploading && (
            <p className="fleet-dropzone__progress" role="status">
              <span className="spinner spinner--small" aria-hidden="true" />
              {text.uploadingProgress(files.uploading.done, files.uploading.total)}
            </p>
          )}
        </div>
      )}

      {loading && <p className="placeholder-text">{messages.fleet.loadingDocuments}</p>}
      {!loading && groups.length === 0 && <p className="placeholder-text fleet-empty-line">{text.noDocuments}</p>}
      {groups.map((group) => (
        <section key={group.key} className="fleet-doc-group" aria-label={documentCategoryLabel(group.key)}>
          <h4 className="fleet-doc-group__title">
            {documentCategoryLabel(group.key)} <span className="fleet-count">{group.documents.length}</span>
          </h4>
          <div className="fleet-doc-grid">
            {group.documents.map((document) => (
              <DocumentCard key={document.id} document={document} files={files} canWrite={canWrite} onDelete={setToDelete} />
            ))}
          </div>
        </section>
      ))}

      {toDelete && (
        <ConfirmDeleteDialog
          title={text.deleteDocumentTitle}
          question={text.deleteDocumentQuestion(toDelete.name)}
          busy={files.deleting}
          onClose={() => setToDelete(null)}
          onConfirm={() => {
            void files.deleteDocument(toDelete).then((done) => {
              if (done) setToDelete(null);
            });
          }}
        />
      )}
    </div>
  );
}
