import type { ReactNode } from 'react';
import { messages } from '@dispo/domain/messages';
import { addDays, isIsoDate, longGermanDate, todayInBerlin } from './time';

const text = messages.dispatchScreen;

export interface DispatchHeaderProps {
  date: string;
  onDateChange(date: string): void;
  liveDispo: boolean;
  onLiveDispoChange(on: boolean): void;
  openOrderCount: number;
  sidebarOpen: boolean;
  /** False below 1024 px: the sidebar is hidden there. */
  sidebarAvailable: boolean;
  onToggleSidebar(): void;
  refreshing: boolean;
  onRefresh(): void;
  onSettings(): void;
  onHelp(): void;
  /** The day's figures and tour plan controls. */
  dayControls?: ReactNode;
}

/** The header of dispatch.md §2: title, long date, Hilfe, Live-Dispo, date, sidebar toggle, refresh, settings. */
export function DispatchHeader(props: DispatchHeaderProps) {
  const { date, onDateChange, liveDispo, onLiveDispoChange, openOrderCount, sidebarOpen, sidebarAvailable, onToggleSidebar, refreshing, onRefresh, onSettings, onHelp, dayControls } = props;
  return (
    <header className="dispatch-header">
      <div className="dispatch-header__title">
        <h1 className="page__title">{messages.areas.dispatchTitle}</h1>
        <p className="dispatch-header__date" aria-live="polite">
          {longGermanDate(date)}
        </p>
        <button type="button" className="link-button" onClick={onHelp}>
          {text.help}
        </button>
      </div>
      <div className="dispatch-header__controls">
        <label className="checkbox live-dispo" title={text.liveDispoHint}>
          <input type="checkbox" checked={liveDispo} onChange={(event) => onLiveDispoChange(event.target.checked)} />
          {messages.dispatch.liveDispo}
          {liveDispo && <span className="live-dot" aria-hidden="true" />}
        </label>
        <div className="date-nav" role="group" aria-label={text.date}>
          <button type="button" className="icon-button" aria-label={text.previousDay} title={text.previousDay} onClick={() => onDateChange(addDays(date, -1))}>
            ‹
          </button>
          <input
            type="date"
            className="field__input date-nav__input"
            aria-label={text.date}
            value={date}
            onChange={(event) => {
              if (isIsoDate(event.target.value)) onDateChange(event.target.value);
            }}
          />
          <button type="button" className="icon-button" aria-label={text.nextDay} title={text.nextDay} onClick={() => onDateChange(addDays(date, 1))}>
            ›
          </button>
          <button type="button" className="button button--small" onClick={() => onDateChange(todayInBerlin())} disabled={date === todayInBerlin()}>
            {text.today}
          </button>
        </div>
        <button
          type="button"
          className={`button${sidebarOpen && sidebarAvailable ? ' button--pressed' : ''}`}
          aria-pressed={sidebarOpen && sidebarAvailable}
          aria-label={`${messages.dispatch.openOrders} (${openOrderCount})`}
          title={sidebarAvailable ? text.sidebarToggle : text.sidebarUnavailable}
          disabled={!sidebarAvailable}
          onClick={onToggleSidebar}
        >
          {messages.dispatch.openOrders}
          <span className="count-badge" data-testid="open-order-count">
            {openOrderCount}
          </span>
        </button>
        <button type="button" className={`button${refreshing ? ' button--busy' : ''}`} onClick={onRefresh} disabled={refreshing} title={text.refreshHint}>
          <span className={`refresh-icon${refreshing ? ' refresh-icon--spinning' : ''}`} aria-hidden="true">
            ↻
          </span>
          {messages.dispatch.refresh}
        </button>
        <button type="button" className="button" onClick={onSettings} title={text.settingsHint}>
          <span aria-hidden="true">⚙</span>
          {messages.dispatch.settings}
        </button>
      </div>
      {dayControls && <div className="dispatch-header__day">{dayControls}</div>}
    </header>
  );
}
