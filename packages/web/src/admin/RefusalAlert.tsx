import { Alert, Code, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ApiAnswer } from '../api/request';

/** A change the server refused: its first error says why, the others name what stood in the way (files, components). */
export interface Refusal {
  title: string;
  details: string[];
}

export function refusalOf(answer: ApiAnswer<unknown>, fallback: string): Refusal {
  const [title, ...details] = answer.error ?? [];
  return { title: title ?? fallback, details };
}

/** A refusal kept on the screen (a list of what stood in the way is too long for a notice). */
export function RefusalAlert({ refusal, testId }: { refusal: Refusal; testId?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={refusal.title} role="alert" data-testid={testId}>
      {refusal.details.length > 0 && <List size="sm" spacing={2}>{refusal.details.map((detail) => <List.Item key={detail}><Code>{detail}</Code></List.Item>)}</List>}
    </Alert>
  );
}
