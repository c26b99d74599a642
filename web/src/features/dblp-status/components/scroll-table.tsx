// A table that scrolls sideways on narrow screens. The scrolling box is focusable and named,
// so a keyboard can scroll it even when the table holds nothing focusable.
import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

export function ScrollTable(props: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={props.minWidth}
      tabIndex={0}
      role="region"
      aria-label={props.label}
    >
      {props.children}
    </Table.ScrollContainer>
  );
}
