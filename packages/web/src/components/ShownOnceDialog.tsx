import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

interface ShownOnceDialogProps {
  title: string;
  /** Why it is shown only now, and where to keep it. */
  warning: string;
  secret: string;
  /** How to use it: a sentence, then lines of code (a header to send, a URL). */
  howTo: string;
  howToLines: readonly string[];
  copyLabel: string;
  copiedLabel: string;
  doneLabel: string;
  onDone: () => void;
}

/** A secret the server answered this once (an API token, a webhook's), to copy, with how to use it. */
export function ShownOnceDialog({ title, warning, secret, howTo, howToLines, copyLabel, copiedLabel, doneLabel, onDone }: ShownOnceDialogProps) {
  return (
    <Modal opened onClose={onDone} title={title} centered size="lg">
      <Stack>
        <Alert color="yellow">{warning}</Alert>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="shown-once-secret">{secret}</Code>
        <Text size="sm">{howTo}</Text>
        {howToLines.map((line) => <Code key={line} block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{line}</Code>)}
        <Group justify="space-between">
          <CopyButton value={secret}>
            {({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? copiedLabel : copyLabel}</Button>}
          </CopyButton>
          <Button onClick={onDone}>{doneLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
