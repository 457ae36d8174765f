import { messages } from '@dispo/domain/messages';
import type { OrderStatus } from '../../api/types';
import { SelectOptions } from '../../components/FormField';
import { Icon, type IconName } from '../../components/icons';

/** §2.1: the bulk status dropdown offers these four. */
export const BULK_STATUSES: readonly OrderStatus[] = ['disponiert', 'unterwegs', 'geliefert', 'storniert'];

export interface OrdersHeaderProps {
  visible: number;
  loaded: number;
  selected: number;
  /** Absent for roles that may not create orders: no `Neuer Auftrag`. */
  onNewOrder?: () => void;
  /** Absent when templates are off in the settings (or the role keeps none). */
  onTemplates?: () => void;
  onStatistics(): void;
  onSettings(): void;
  onHelp(): void;
  onDownloadPdfs(): void;
  /** Absent for roles that may not send order mails. */
  onEmail?: () => void;
  /** Absent for roles that may not change orders. */
  onBulkStatus?: (status: OrderStatus) => void;
  pdfBusy?: boolean;
  bulkBusy?: boolean;
  /** The user's roles may not change orders: a "Nur Lesezugriff" mark instead of the write actions. */
  readOnly?: boolean;
}

/** Title, counts, the icon buttons and, with a selection, PDF download and bulk status (§2.1). */
export function OrdersHeader({
  visible,
  loaded,
  selected,
  onNewOrder,
  onTemplates,
  onStatistics,
  onSettings,
  onHelp,
  onDownloadPdfs,
  onEmail,
  onBulkStatus,
  pdfBusy = false,
  bulkBusy = false,
  readOnly = false,
}: OrdersHeaderProps) {
  const text = messages.orderScreen;
  return (
    <header className="orders-header">
      <div className="orders-header__top">
        <div className="orders-header__titles">
          <h1 className="page__title">{messages.app.title}</h1>
          <p className="page__subtitle">{messages.app.subtitle}</p>
        </div>
        <div className="orders-header__actions">
          {onTemplates && <IconTextButton icon="templates" label={messages.orderIntake.templates} onClick={onTemplates} />}
          <IconTextButton icon="statistics" label={messages.orderIntake.statistics} onClick={onStatistics} />
          <IconTextButton icon="settings" label={messages.orderIntake.settings} onClick={onSettings} />
          <IconTextButton icon="help" label={messages.orderIntake.help} onClick={onHelp} />
          {onNewOrder && (
            <button type="button" className="button button--primary" onClick={onNewOrder} title={text.newOrderShortcut}>
              <Icon name="plus" />
              {text.newOrder}
            </button>
          )}
        </div>
      </div>
      <div className="orders-header__bar">
        <div className="orders-header__counts" aria-label={text.counts}>
          <span className="orders-header__count" data-testid="visible-count">
            {text.visibleOfLoaded(visible, loaded)}
          </span>
          <span className={`orders-header__count${selected > 0 ? ' orders-header__count--active' : ''}`} data-testid="selected-count">
            {text.selectedCount(selected)}
          </span>
          {readOnly && <span className="orders-header__count">{messages.intakeTools.readOnly}</span>}
        </div>
        {selected > 0 && (
          <div className="orders-header__selection">
            <button type="button" className="button button--small" onClick={onDownloadPdfs} disabled={pdfBusy}>
              <Icon name="pdf" size={16} />
              {text.downloadPdfs}
            </button>
            {onEmail && (
              <button type="button" className="button button--small" onClick={onEmail}>
                <Icon name="mail" size={16} />
                {messages.orderMail.button}
              </button>
            )}
            {onBulkStatus && (
              <>
                <label className="visually-hidden" htmlFor="orders-bulk-status">
                  {text.bulkStatusLabel}
                </label>
                <select
                  id="orders-bulk-status"
                  className="field__input field__input--small orders-header__bulk"
                  value=""
                  disabled={bulkBusy}
                  onChange={(event) => {
                    const status = event.target.value;
                    if (status) onBulkStatus(status);
                  }}
                >
                  <SelectOptions
                    none={text.bulkStatus}
                    options={BULK_STATUSES}
                    optionLabel={(status) => (messages.labels.orderStatus as Readonly<Record<string, string>>)[status] ?? status}
                  />
                </select>
              </>
            )}
          </div>
        )}
      </div>
    </header>
  );
}

function IconTextButton({ icon, label, onClick }: { icon: IconName; label: string; onClick(): void }) {
  return (
    <button type="button" className="icon-text-button" onClick={onClick}>
      <Icon name={icon} />
      <span>{label}</span>
    </button>
  );
}
