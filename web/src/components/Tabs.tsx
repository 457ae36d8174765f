import { type ReactNode, useId } from 'react';
import './components.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

export interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  active: Id;
  onChange(id: Id): void;
  /** The tab list's accessible name. */
  label: string;
  /** The active tab's panel. */
  children: ReactNode;
  className?: string;
}

/** A tab list with its one panel (WAI-ARIA tabs): arrow keys move between the tabs. */
export function Tabs<Id extends string>({ tabs, active, onChange, label, children, className }: TabsProps<Id>) {
  const base = useId();
  const move = (from: number, step: number) => {
    const next = tabs[(from + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.id);
    document.getElementById(`${base}-${next.id}`)?.focus();
  };
  return (
    <div className={className}>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${base}-${tab.id}`}
            aria-selected={tab.id === active}
            tabIndex={tab.id === active ? 0 : -1}
            className={`tabs__tab${tab.id === active ? ' tabs__tab--active' : ''}`}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index, 1);
              if (event.key === 'ArrowLeft') move(index, -1);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" aria-labelledby={`${base}-${active}`}>
        {children}
      </div>
    </div>
  );
}
