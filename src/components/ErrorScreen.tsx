import type { ReactNode } from 'react';
import { ERROR_SCREENS, type ErrorScreenKind } from './error-texts';

interface ErrorScreenProps {
  kind: ErrorScreenKind;
  /** SPEC §8: the titles and texts of these screens can be overridden. */
  title?: string;
  text?: string;
  /** A small inline variant for islands that only hold a button or two. */
  compact?: boolean;
  children?: ReactNode;
}

/** One of SPEC §8's error screens (something went wrong, empty data, error boundary). */
export function ErrorScreen({ kind, title, text, compact = false, children }: ErrorScreenProps) {
  const defaults = ERROR_SCREENS[kind];
  return (
    <div role="alert" className={compact ? 'error-screen error-screen--compact' : 'error-screen'}>
      <h2 className="error-screen__title">{title ?? defaults.title}</h2>
      <p className="error-screen__text">{text ?? defaults.text}</p>
      {children}
    </div>
  );
}
