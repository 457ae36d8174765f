import { messages } from '@dispo/domain/messages';
import { EXPORT_FORMATS, ORDER_TYPES, SEARCH_FIELDS, type UserOrderSettings } from '@dispo/events/catalog/index';
import { useId, useState } from 'react';
import type { OrderSettingsApi } from '../../api/orderSettings';
import { useCustomerList, useMaterials } from '../../api/reference';
import { Modal } from '../../components/Modal';
import './order-settings.css';

const text = messages.intakeTools;
const labels = text.settings;

type Tab = 'ai' | 'search' | 'workflow';
const TABS: { id: Tab; label: string }[] = [
  { id: 'ai', label: messages.settingsDialog.tabAi },
  { id: 'search', label: messages.settingsDialog.tabSearch },
  { id: 'workflow', label: messages.settingsDialog.tabWorkflow },
];

export interface OrderSettingsDialogProps {
  api: OrderSettingsApi;
  onClose(): void;
  /** Success and failure messages of §8.2 for the page's message line. */
  onMessage(kind: 'success' | 'error', text: string): void;
}

/** Auftragsannahme Einstellungen (orders.md §2.12): every field of §3 on three tabs; save and reset. */
export function OrderSettingsDialog({ api, onClose, onMessage }: OrderSettingsDialogProps) {
  const [tab, setTab] = useState<Tab>('ai');
  const [draft, setDraft] = useState<UserOrderSettings>(api.settings);
  const set = <K extends keyof UserOrderSettings>(key: K, value: UserOrderSettings[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const idBase = useId();

  const save = async () => {
    const ok = await api.save(draft);
    if (ok) {
      onMessage('success', text.settingsSaved);
      onClose();
    } else onMessage('error', messages.errors.saveSettings);
  };
  const reset = async () => {
    const ok = await api.reset();
    if (ok) {
      onMessage('success', text.settingsReset);
      onClose();
    } else onMessage('error', messages.errors.resetSettings);
  };

  const check = (key: { [K in keyof UserOrderSettings]: UserOrderSettings[K] extends boolean ? K : never }[keyof UserOrderSettings]) => (
    <label className="checkbox settings-dialog__check">
      <input type="checkbox" checked={draft[key]} onChange={(e) => set(key, e.target.checked)} />
      {labels[key]}
    </label>
  );

  return (
    <Modal
      title={messages.settingsDialog.title}
      onClose={onClose}
      onSave={() => void save()}
      size="medium"
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="button" onClick={() => void reset()} disabled={api.saving}>
            {text.settingsResetButton}
          </button>
          <span className="modal__footer-spacer" />
          <button type="button" className="button" onClick={onClose}>
            {messages.orderScreen.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={() => void save()} disabled={api.saving}>
            {text.settingsSave}
          </button>
        </>
      }
    >
      {api.loadFailed && <p className="field__hint settings-dialog__load-failed">{messages.errors.loadSettings}</p>}
      <div className="settings-dialog__tabs" role="tablist" aria-label={text.settingsTabs}>
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${idBase}-${t.id}`}
            aria-selected={tab === t.id}
            className={`settings-dialog__tab${tab === t.id ? ' settings-dialog__tab--active' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="settings-dialog__panel" role="tabpanel" aria-labelledby={`${idBase}-${tab}`}>
        {tab === 'ai' && (
          <>
            {check('enableNLPOrderCreation')}
            {check('enableAutoSuggestions')}
          </>
        )}
        {tab === 'search' && (
          <>
            {check('showAdditionalSearch')}
            <label className="field">
              <span className="field__label">{labels.defaultSearchField}</span>
              <select
                className="field__input"
                value={draft.defaultSearchField}
                onChange={(e) => set('defaultSearchField', e.target.value as UserOrderSettings['defaultSearchField'])}
              >
                {SEARCH_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {text.searchField[field]}
                  </option>
                ))}
              </select>
            </label>
            {check('saveSearchHistory')}
          </>
        )}
        {tab === 'workflow' && (
          <>
            {check('enableKeyboardShortcuts')}
            <label className="field">
              <span className="field__label">{labels.defaultOrderType}</span>
              <select
                className="field__input"
                value={draft.defaultOrderType}
                onChange={(e) => set('defaultOrderType', e.target.value as UserOrderSettings['defaultOrderType'])}
              >
                {ORDER_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {text.orderType[type]}
                  </option>
                ))}
              </select>
            </label>
            {check('enableAutoRefresh')}
            {check('enableOrderTemplates')}
            <label className="field">
              <span className="field__label">{labels.defaultExportFormat}</span>
              <select
                className="field__input"
                value={draft.defaultExportFormat}
                onChange={(e) => set('defaultExportFormat', e.target.value as UserOrderSettings['defaultExportFormat'])}
              >
                {EXPORT_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {text.exportFormat[format]}
                  </option>
                ))}
              </select>
            </label>
            <FavoriteCustomers value={draft.favoriteCustomers} onChange={(ids) => set('favoriteCustomers', ids)} />
            <FavoriteMaterials value={draft.favoriteProducts} onChange={(ids) => set('favoriteProducts', ids)} />
          </>
        )}
      </div>
    </Modal>
  );
}

interface FavoriteListProps {
  value: string[];
  onChange(ids: string[]): void;
}

function FavoriteChecklist({ label, options, value, onChange }: FavoriteListProps & { label: string; options: { id: string; name: string }[] }) {
  const [filter, setFilter] = useState('');
  const term = filter.trim().toLowerCase();
  const shown = options.filter((o) => term === '' || o.name.toLowerCase().includes(term));
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="settings-dialog__favorites">
      <legend className="field__label">{label}</legend>
      <input
        type="search"
        className="field__input field__input--small"
        placeholder={text.filterFavorites}
        aria-label={label}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="settings-dialog__favorite-list">
        {shown.length === 0 && <span className="field__hint">{text.noFavorites}</span>}
        {shown.map((o) => (
          <label key={o.id} className="checkbox">
            <input type="checkbox" checked={value.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
            {o.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FavoriteCustomers(props: FavoriteListProps) {
  const customers = useCustomerList();
  const options = (customers.data ?? []).map((c) => ({ id: c.id, name: c.company }));
  return <FavoriteChecklist label={labels.favoriteCustomers} options={options} {...props} />;
}

function FavoriteMaterials(props: FavoriteListProps) {
  const materials = useMaterials();
  const options = (materials.data ?? []).map((m) => ({ id: m.id, name: m.name }));
  return <FavoriteChecklist label={labels.favoriteProducts} options={options} {...props} />;
}
