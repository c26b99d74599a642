// A field with its help button beside it, not inside the label, so the label reads exactly as the
// contract names the field (for people, screen readers and tests).
import type { ReactNode } from 'react';
import { Group } from '@mantine/core';

export function WithHelp({ children, help }: { children: ReactNode; help: ReactNode }) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <div style={{ flex: 1 }}>{children}</div>
      <div style={{ paddingTop: 28 }}>{help}</div>
    </Group>
  );
}
