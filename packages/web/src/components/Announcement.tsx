import { VisuallyHidden } from '@mantine/core';

interface AnnouncementProps {
  message: string;
  /** Counts the times `message` was said: a new count says the same words again (a new element is read). */
  saidTimes?: number;
  testId?: string;
}

/**
 * A polite live region (WCAG 4.1.3): screen readers read `message` whenever it changes, without
 * moving focus; nothing shows on screen (the same news is drawn where sighted users look).
 */
export function Announcement({ message, saidTimes = 0, testId }: AnnouncementProps) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      <span key={saidTimes}>{message}</span>
    </VisuallyHidden>
  );
}
