// A relation's or a person's status as a coloured badge (docs/product.md, "Status codes").
import { Badge } from '@mantine/core';
import { relationStatus } from '@recuse/common';

// Shades dark (white text) or light (black text) enough that the label keeps a 4.5:1 contrast
// (WCAG AA); `autoContrast` picks the text colour for each.
const labels: Record<number, { label: string; color: string }> = {
  [relationStatus.inactive]: { label: 'Inactive', color: 'gray.7' },
  [relationStatus.validated]: { label: 'Accepted', color: 'green.6' },
  [relationStatus.setForDeletion]: { label: 'Deleted', color: 'gray.7' },
  [relationStatus.pending]: { label: 'Pending', color: 'yellow.4' },
  [relationStatus.disputed]: { label: 'Disputed', color: 'red.9' },
};

/**
 * In the co-author table a disputed row (4) reads as pending (docs/product.md, "The relation
 * form"): the disagreement is still being worked out. Elsewhere it reads as disputed.
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
  const shown = labels[shownStatus] ?? { label: String(status), color: 'gray.7' };
  return (
    // Never narrower than its word: in a narrow table cell Mantine's badge would otherwise
    // shrink and cut it ('PE…' for Pending).
    <Badge color={shown.color} variant="filled" autoContrast miw="max-content">
      {shown.label}
    </Badge>
  );
}
