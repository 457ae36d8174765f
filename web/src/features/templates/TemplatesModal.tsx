import { messages } from '@dispo/domain/messages';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { useCreateQuickOrders } from '../../api/quickOrder';
import { type OrderTemplate, templateErrorText, useTemplateMutations, useTemplates } from '../../api/templates';
import { Modal } from '../../components/Modal';
import { todayInBerlin } from '../orders/format';
import { DeliveryTimeConfirm } from './DeliveryTimeConfirm';
import { type TemplateDraft, TemplateEditor } from './TemplateEditor';
import { type DeliveryChoice, filterTemplates, initialDeliveryChoice, isVip, lastUsedText, sameTemplate, templateOrderBody, templateUseError } from './templateLogic';
import './templates.css';

const t = messages.intakeTools;

export interface TemplatesModalProps {
  onClose(): void;
  onMessage(kind: 'success' | 'error' | 'info', text: string): void;
  /** False for roles that may not create orders: the list is shown, nothing can be changed or used. */
  canWrite: boolean;
  favoriteProducts: readonly string[];
  /** Asks the user (window.confirm by default; tests pass their own). */
  confirm?: (question: string) => boolean;
}

function timeText(template: OrderTemplate): string {
  const d = template.templateData;
  if (d.deliveryTimeType === 'range') return d.deliveryTimeFrom && d.deliveryTimeTo ? messages.orderPdf.timeRange(d.deliveryTimeFrom, d.deliveryTimeTo) : '–';
  return d.deliveryTimeFixed ? messages.orderPdf.timeFixed(d.deliveryTimeFixed) : '–';
}

/** How often and when last: "3× verwendet · Gestern", or "Noch nie verwendet". */
function usageText(template: OrderTemplate): string {
  if (template.usageCount === 0) return t.templateNeverUsed;
  return `${t.templateUsageCount(template.usageCount)} · ${lastUsedText(template.lastUsed)}`;
}

/**
 * `Meine Auftrags-Templates` (orders.md §2.13, §4.8): the searchable list on the left, the selected
 * template's copy for editing on the right; using it asks `Lieferzeit bestätigen`, creates the orders
 * and then counts the use (a failed count only warns).
 */
export function TemplatesModal({ onClose, onMessage, canWrite, favoriteProducts, confirm = (q) => window.confirm(q) }: TemplatesModalProps) {
  const list = useTemplates();
  const { update, remove, countUse } = useTemplateMutations();
  const createOrders = useCreateQuickOrders();
  const [term, setTerm] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [using, setUsing] = useState<{ template: OrderTemplate; choice: DeliveryChoice; error: string | null } | null>(null);
  const [panelError, setPanelError] = useState<string | null>(null);

  const templates = list.data ?? [];
  const selected = templates.find((x) => x.id === selectedId) ?? null;
  const dirty = selected !== null && draft !== null && !sameTemplate(draft, selected);
  const shown = filterTemplates(templates, term);

  const select = (template: OrderTemplate) => {
    if (template.id === selectedId) return;
    if (dirty && !confirm(messages.templates.confirmDiscardChanges)) return;
    setSelectedId(template.id);
    setDraft({ name: template.name, templateData: structuredClone(template.templateData) });
    setPanelError(null);
  };

  const save = async () => {
    if (!selected || !draft || !dirty) return;
    try {
      const { data } = await update.mutateAsync({ id: selected.id, body: draft });
      setDraft({ name: data.name, templateData: structuredClone(data.templateData) });
      setPanelError(null);
      onMessage('success', t.templateSaved);
    } catch (error) {
      setPanelError(templateErrorText(error, messages.errors.saveTemplate));
    }
  };

  const del = async () => {
    if (!selected || !confirm(messages.templates.confirmDelete)) return;
    try {
      await remove.mutateAsync(selected.id);
      setSelectedId(null);
      setDraft(null);
      onMessage('success', t.templateDeleted);
    } catch (error) {
      setPanelError(templateErrorText(error, messages.errors.deleteTemplate));
    }
  };

  const startUse = () => {
    if (!selected) return;
    if (dirty && !confirm(messages.templates.confirmDiscardChanges)) return;
    const problem = templateUseError(selected.templateData);
    if (problem) {
      setPanelError(problem);
      return;
    }
    setUsing({ template: selected, choice: initialDeliveryChoice(selected, todayInBerlin()), error: null });
  };

  const use = async (choice: DeliveryChoice) => {
    if (!using) return;
    let message: string;
    try {
      const answer = await createOrders.mutateAsync(templateOrderBody(using.template, choice));
      message = answer.failed > 0 ? answer.message : answer.created === 1 ? messages.success.orderCreated : answer.message;
    } catch (error) {
      const text = isApiError(error) && error.fromServer ? error.message : messages.errors.createOrderFromTemplate;
      setUsing({ ...using, choice, error: text });
      return;
    }
    setUsing(null);
    onMessage('success', message);
    try {
      await countUse.mutateAsync(using.template.id);
    } catch {
      onMessage('info', t.templateUseCountFailed);
    }
  };

  return (
    <Modal title={messages.templates.title} onClose={onClose} onSave={canWrite ? () => void save() : undefined} size="large" className="templates-modal">
      <div className="templates">
        <aside className="templates__list">
          <input
            type="search"
            className="field__input"
            placeholder={t.templateSearch}
            aria-label={t.templateSearch}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            data-autofocus
          />
          {list.isPending && <p className="templates__hint">{t.templatesLoading}</p>}
          {list.isError && (
            <div className="alert alert--error" role="alert">
              <span>{templateErrorText(list.error, messages.errors.loadTemplates)}</span>{' '}
              <button type="button" className="link-button" onClick={() => void list.refetch()}>
                {messages.templates.retry}
              </button>
            </div>
          )}
          {list.isSuccess && templates.length === 0 && <p className="templates__empty">{messages.templates.empty}</p>}
          {list.isSuccess && templates.length > 0 && shown.length === 0 && <p className="templates__hint">{t.templateNoMatch}</p>}
          <ul className="templates__items" aria-label={messages.templates.title}>
            {shown.map((template) => (
              <li key={template.id}>
                <button
                  type="button"
                  className={`templates__item${template.id === selectedId ? ' templates__item--selected' : ''}`}
                  aria-current={template.id === selectedId ? 'true' : undefined}
                  onClick={() => select(template)}
                >
                  <span className="templates__item-name">
                    {template.name}
                    {isVip(template) && <span className="templates__vip">{t.templateVip}</span>}
                  </span>
                  <span className="templates__item-meta">
                    {template.templateData.deliveryPlant?.name ?? '–'} · {usageText(template)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <section className="templates__detail" aria-live="polite">
          {!selected || !draft ? (
            <p className="templates__hint">{t.templateSelectHint}</p>
          ) : (
            <>
              <header className="templates__detail-header">
                <h3 className="templates__detail-title">{selected.name}</h3>
                {dirty && <span className="templates__unsaved">{messages.templates.unsavedChanges}</span>}
                <span className="templates__item-meta">
                  {usageText(selected)} · {timeText(selected)}
                </span>
              </header>
              <TemplateEditor draft={draft} onChange={setDraft} readOnly={!canWrite} favoriteProducts={favoriteProducts} />
              {panelError && (
                <p className="alert alert--error" role="alert">
                  {panelError}
                </p>
              )}
              {canWrite && (
                <footer className="templates__actions">
                  <button type="button" className="button button--danger" onClick={() => void del()} disabled={remove.isPending}>
                    {t.templateDelete}
                  </button>
                  <span className="modal__footer-spacer" />
                  {dirty && (
                    <button type="button" className="button" onClick={() => setDraft({ name: selected.name, templateData: structuredClone(selected.templateData) })}>
                      {t.templateDiscard}
                    </button>
                  )}
                  <button type="button" className="button" onClick={() => void save()} disabled={!dirty || update.isPending}>
                    {t.templateSave}
                  </button>
                  <button type="button" className="button button--primary" onClick={startUse}>
                    {t.templateUse}
                  </button>
                </footer>
              )}
            </>
          )}
        </section>
      </div>
      {using && (
        <DeliveryTimeConfirm
          initial={using.choice}
          templateTime={timeText(using.template)}
          busy={createOrders.isPending}
          error={using.error}
          onConfirm={(choice) => void use(choice)}
          onClose={() => setUsing(null)}
        />
      )}
    </Modal>
  );
}
