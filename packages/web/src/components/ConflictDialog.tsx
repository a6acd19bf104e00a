import { Button, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import type { MergeSettlement, MergeSide } from '@rakit/core';
import { useState } from 'react';
import { t as translate } from '../i18n/i18n';
import { useT } from '../i18n/LanguageProvider';

/** One clash of a stale write: what it is about, and what each side's answer keeps. */
export interface ConflictQuestion {
  key: string;
  title: string;
  mine: string;
  theirs: string;
}

interface ConflictDialogProps {
  /** What was saved by another: 'this page', 'this function'… */
  what: string;
  /** Who saved it, when known. */
  who?: string | null;
  /** What the other changed since this screen loaded it, one line each. */
  theirChanges: string[];
  questions: ConflictQuestion[];
  onSettle: (settlement: MergeSettlement) => void;
}

/** A value of a setting or field, short enough for one line of a choice. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return translate('shell.conflict.empty');
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * Shown when a save was refused because another builder saved the same thing first and both
 * changed the same parts (issue 33): what they changed, each clash with a choice (his by
 * default), and three ways out: both sides' changes, only his, or only theirs. Nothing is saved
 * until he chooses, and he must choose: his work is still on the screen.
 */
export function ConflictDialog({ what, who = null, theirChanges, questions, onSettle }: ConflictDialogProps) {
  const t = useT();
  const [choices, setChoices] = useState<Record<string, MergeSide>>({});
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title={who === null ? t('shell.conflict.titleUnknown', { what }) : t('shell.conflict.title', { who, what })}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('shell.conflict.explain')}
        </Text>
        {theirChanges.length > 0 && (
          <div>
            <Text fw={600} size="sm">{t('shell.conflict.theirChanges')}</Text>
            <List size="sm" spacing={2}>{theirChanges.slice(0, 8).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
            {theirChanges.length > 8 && <Text size="xs" c="dimmed">{t('shell.conflict.more', { count: theirChanges.length - 8 })}</Text>}
          </div>
        )}
        <Stack gap="sm">
          {questions.map((question) => (
            <Radio.Group
              key={question.key}
              label={question.title}
              value={choices[question.key] ?? 'mine'}
              onChange={(value) => setChoices({ ...choices, [question.key]: value as MergeSide })}
            >
              <Stack gap={4} mt={4}>
                <Radio value="mine" label={question.mine} />
                <Radio value="theirs" label={question.theirs} />
              </Stack>
            </Radio.Group>
          ))}
        </Stack>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => onSettle({ keep: 'theirs' })}>{t('shell.conflict.keepTheirs')}</Button>
          <Button variant="default" onClick={() => onSettle({ keep: 'mine' })}>{t('shell.conflict.keepMine')}</Button>
          <Button onClick={() => onSettle({ keep: 'both', choices })}>{t('shell.conflict.keepBoth')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
