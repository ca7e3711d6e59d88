import { Component, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from '../components/ui/error-screen.tsx';

type Props = { children: ReactNode };
type State = { failed: boolean };

/** Catches render errors outside the router (providers); the router's own errors go to RouteErrorScreen. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled interface error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/** Route-level error element: logs the error and shows the same screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unhandled interface error', error);
  }, [error]);
  return <ErrorScreen />;
}
