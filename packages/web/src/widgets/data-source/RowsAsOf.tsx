import { Badge } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useT } from '../../i18n/LanguageProvider';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** Offline (issue 38): the rows shown are those last read, at this time. */
export function RowsAsOf({ asOf }: { asOf: number | null }) {
  const t = useT();
  if (asOf === null) return null;
  return (
    <Badge color="gray" variant="light" leftSection={<IconCloudOff size={14} />} mb="xs" tt="none" role="status">
      {t('shell.offline.asOf', { time: clock.format(asOf) })}
    </Badge>
  );
}
