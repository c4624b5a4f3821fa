import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Keeps one broken screen from blanking the whole window; offers a way back. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="screen-pad" role="alert" data-testid="screen-error">
        <h1>This screen hit a problem</h1>
        <p className="muted">{this.state.error.message}</p>
        <p>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => this.setState({ error: null })}
          >
            Try again
          </button>{' '}
          <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
            Reload the window
          </button>
        </p>
      </div>
    );
  }
}
