import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

interface ErrorBoundaryProps {
  compact?: boolean;
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * SPEC §8's error_boundary screen around an island: a render error shows it
 * instead of a blank area, with Try Again reloading the page. React offers
 * error boundaries only as class components, hence the one class here.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('An island failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorScreen kind="error_boundary" compact={this.props.compact}>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </ErrorScreen>
    );
  }
}

/** Wraps an island's component in the error boundary; every island is exported this way. */
export function withErrorBoundary<P extends object>(View: ComponentType<P>, options: { compact?: boolean } = {}) {
  function Guarded(props: P) {
    return (
      <ErrorBoundary compact={options.compact}>
        <View {...props} />
      </ErrorBoundary>
    );
  }
  Guarded.displayName = `WithErrorBoundary(${View.displayName ?? View.name})`;
  return Guarded;
}
