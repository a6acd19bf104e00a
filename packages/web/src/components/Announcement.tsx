import { VisuallyHidden } from '@mantine/core';

/**
 * A polite live region (WCAG 4.1.3): screen readers read `message` whenever it changes, without
 * moving focus; nothing shows on screen (the same news is drawn where sighted users look).
 */
export function Announcement({ message, testId }: { message: string; testId?: string }) {
  return <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>{message}</VisuallyHidden>;
}
