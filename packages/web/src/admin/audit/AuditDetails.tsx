import { Anchor, Code, Collapse, List, Text } from '@mantine/core';
import { useState } from 'react';
import { type Translate, useT } from '../../i18n/LanguageProvider';

interface Change { old: unknown; new: unknown }

const isChange = (value: unknown): value is Change => typeof value === 'object' && value !== null && 'old' in value && 'new' in value;
const shown = (value: unknown, t: Translate) => (value === null || value === undefined ? t('admin.audit.emptyValue') : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What an entry recorded: a row edit's changed columns with their old and new values, in
 * sight; anything else (the call's input, a deleted row) behind a toggle.
 */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const changes = typeof details.changes === 'object' && details.changes !== null ? Object.entries(details.changes).filter(([, c]) => isChange(c)) as [string, Change][] : [];
  const rest = Object.keys(details).filter((key) => key !== 'changes');
  return (
    <>
      {changes.length > 0 && (
        <List size="sm" mt={4} aria-label={t('admin.audit.changedColumns')}>
          {changes.map(([column, change]) => (
            <List.Item key={column}>
              <Text span size="sm" fw={500}>{column}</Text>: <Text span size="sm" c="red.8" td="line-through">{shown(change.old, t)}</Text> → <Text span size="sm" c="teal.8">{shown(change.new, t)}</Text>
            </List.Item>
          ))}
        </List>
      )}
      {rest.length > 0 && (
        <>
          <Anchor component="button" type="button" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open}>{open ? t('admin.audit.hideDetails') : t('admin.audit.details')}</Anchor>
          <Collapse expanded={open}>
            <Code block mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 320, overflow: 'auto' }}>
              {JSON.stringify(Object.fromEntries(rest.map((key) => [key, details[key]])), null, 2)}
            </Code>
          </Collapse>
        </>
      )}
    </>
  );
}
