import { ActionIcon, Popover } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { Language } from '@rakit/core';
import { useState } from 'react';
import { useT } from '../i18n/LanguageProvider';
import { OwnLanguageSelect, useAppLanguageName } from '../i18n/LanguageSelect';
import { readSession } from '../session/session-storage';
import { useCurrentApp } from './app-context';
import { useSaveOwnLanguage } from './use-own-language';

/** The signed-in person's own language (issue 35), saved as he picks it, shown at once. */
export function OwnLanguagePicker() {
  const { app } = useCurrentApp();
  const appLanguageName = useAppLanguageName();
  const stored = readSession(app.appSlug);
  const [chosen, setChosen] = useState<Language | null>(stored.kind === 'ok' ? stored.session.user.language ?? null : null);
  const save = useSaveOwnLanguage();
  return (
    <OwnLanguageSelect
      value={chosen}
      appLanguage={appLanguageName(app.appLanguage)}
      disabled={save.isPending}
      onChange={(language) => {
        const before = chosen;
        setChosen(language);
        save.mutate(language, { onError: () => setChosen(before) });
      }}
    />
  );
}

/** A button that opens OwnLanguagePicker: the runtime's header, where members have no profile popover. */
export function LanguageMenu() {
  const t = useT();
  return (
    <Popover width={240} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('languages.label')}><IconLanguage size={20} /></ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <OwnLanguagePicker />
      </Popover.Dropdown>
    </Popover>
  );
}
