import { Pill } from '@mantine/core';

interface RemovableChipProps {
  label: string;
  /** Names the close button for assistive technology: 'Remove demo-user'. */
  removeLabel: string;
  onRemove: () => void;
}

/** A chip with a close icon that removes what it shows; the icon is a real, focusable button. */
export function RemovableChip({ label, removeLabel, onRemove }: RemovableChipProps) {
  return (
    <Pill
      size="md"
      withRemoveButton
      onRemove={onRemove}
      bg="blue.0"
      c="blue.9"
      removeButtonProps={{ 'aria-label': removeLabel, 'aria-hidden': false, tabIndex: 0, title: removeLabel }}
    >
      {label}
    </Pill>
  );
}
