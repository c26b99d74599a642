// A relation's or a person's status as a coloured badge (SPEC section 4's status codes).
import { Badge } from '@mantine/core';
import { relationStatus } from '@recuse/common';

const labels: Record<number, { label: string; color: string }> = {
  [relationStatus.inactive]: { label: 'Inactive', color: 'gray' },
  [relationStatus.validated]: { label: 'Accepted', color: 'green' },
  [relationStatus.setForDeletion]: { label: 'Deleted', color: 'gray' },
  [relationStatus.pending]: { label: 'Pending', color: 'yellow' },
  [relationStatus.disputed]: { label: 'Disputed', color: 'red' },
};

/**
 * In the co-author table a disputed row (4) reads as pending (SPEC section 4): the
 * disagreement is still being worked out. Elsewhere it reads as disputed.
 */
export function StatusBadge({
  status,
  isCoauthorRow = false,
}: {
  status: number;
  isCoauthorRow?: boolean;
}) {
  const shownStatus =
    isCoauthorRow && status === relationStatus.disputed ? relationStatus.pending : status;
  const shown = labels[shownStatus] ?? { label: String(status), color: 'gray' };
  return (
    <Badge color={shown.color} variant="light">
      {shown.label}
    </Badge>
  );
}
