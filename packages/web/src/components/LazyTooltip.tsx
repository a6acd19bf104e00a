import { Tooltip } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';

/**
 * Mantine's Tooltip, set up only once a pointer or the focus first reaches its element: each
 * tooltip places itself with floating-ui from its first render, and a table's headers full of
 * them held a slow phone's first screen (issue 42). The element itself says what the tooltip
 * says to screen readers (aria-label or aria-description), as before.
 */
export function LazyTooltip({ label, children }: { label: ReactNode; children: ReactElement<{ onPointerEnter?: () => void; onFocus?: () => void }> }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <Tooltip label={label} withinPortal defaultOpened>{children}</Tooltip>;
  return cloneElement(children, { onPointerEnter: () => setWanted(true), onFocus: () => setWanted(true) });
}
