import { Select } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';

/** Indonesia's three zones first (WIB, WITA, WIT), then every zone this browser knows. */
const INDONESIAN_ZONES = ['Asia/Jakarta', 'Asia/Pontianak', 'Asia/Makassar', 'Asia/Jayapura'];
const timeZones = (): string[] => [...INDONESIAN_ZONES, ...Intl.supportedValuesOf('timeZone').filter((zone) => !INDONESIAN_ZONES.includes(zone))];

/** An application's time zone, searchable by name ("Makassar"). */
export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const t = useT();
  return (
    <Select
      label={t('languages.timeZone')}
      value={value}
      data={timeZones()}
      searchable
      allowDeselect={false}
      onChange={(zone) => { if (zone !== null) onChange(zone); }}
    />
  );
}
