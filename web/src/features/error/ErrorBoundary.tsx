import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';
import { errorDetailsEnabled } from './flags';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Overrides the flag of flags.ts. */
  showDetails?: boolean;
  /** When this value changes (e.g. the route), a shown error is dropped and the children render again. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  resetKey: unknown;
}

/** Catches rendering errors below it and shows the error screen (orders.md §2.15). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, hasError: false, error: undefined };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unerwarteter Fehler in der Oberfläche', error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ hasError: false, error: undefined });
  };

  override render() {
    if (this.state.hasError) {
      return <ErrorScreen error={this.state.error} showDetails={this.props.showDetails ?? errorDetailsEnabled()} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
