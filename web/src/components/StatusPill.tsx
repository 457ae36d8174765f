import type { ReactNode } from 'react';
import './components.css';

/** The colours of a status pill (components.css): green, blue, orange, red and grey. */
export type PillTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

/** A status as a coloured pill with a dot before its text. */
export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return <span className={`status-pill status-pill--${tone}`}>{children}</span>;
}
