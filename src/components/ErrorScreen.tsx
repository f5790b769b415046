import type { ReactNode } from 'react';
import { ERROR_SCREENS, type ErrorScreenKind } from './error-texts';

interface ErrorScreenProps {
  kind: ErrorScreenKind;
  /** SPEC §8: the titles and texts of these screens can be overridden. */
  title?: string;
  text?: string;
  /** A small inline variant for islands that only hold a button or two. */
  compact?: boolean;
  /** 1 where the screen is the whole page (a detail page's entity absent or failed): its title is then the page's heading. */
  level?: 1 | 2;
  children?: ReactNode;
}

/** One of SPEC §8's error screens (something went wrong, empty data, error boundary). */
export function ErrorScreen({ kind, title, text, compact = false, level = 2, children }: ErrorScreenProps) {
  const defaults = ERROR_SCREENS[kind];
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div role="alert" className={compact ? 'error-screen error-screen--compact' : 'error-screen'}>
      <Heading className="error-screen__title">{title ?? defaults.title}</Heading>
      <p className="error-screen__text">{text ?? defaults.text}</p>
      {children}
    </div>
  );
}
