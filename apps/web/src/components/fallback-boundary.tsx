import { Component, type ReactNode } from 'react';
import { reportError } from '../lib/error-reporting';

type Props = { fallback: ReactNode; children: ReactNode };

/** Shows `fallback` instead of a part of a screen that failed to render (a chart, say), so the rest stays usable. */
export class FallbackBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportError(error, { during: 'render' });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
