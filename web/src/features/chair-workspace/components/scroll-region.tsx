// A table wider than a phone's screen scrolls sideways inside a region the keyboard can reach
// (focusable and named, so axe's scrollable-region rule and a keyboard user are both served).
import type { ReactNode } from 'react';
import classes from './matrix-panel.module.css';

export function ScrollRegion({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <div className={classes.scroller} role="region" aria-label={label} tabIndex={0}>
      <div style={minWidth ? { minWidth } : undefined}>{children}</div>
    </div>
  );
}
