import { ActionIcon, Button } from '@mantine/core';
import { IconEdit, IconLayoutDashboard } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { useRuntimePage } from './use-runtime-page';

/**
 * An administrator's way back from his application's runtime view (issue 41): to the admin
 * screens (the application's admin home) and to the editor of the page shown. A labelled button
 * on wide screens, an icon with the same name on phones. The caller decides who sees them.
 */
export function AdminLinks({ pageSlug }: { pageSlug: string | undefined }) {
  const t = useT();
  const { path } = useCurrentApp();
  const { found } = useRuntimePage(pageSlug);
  const editor = found === undefined ? path('form-editor') : `${path('form-editor')}?page=${found.pageId}`;
  return (
    <>
      <HeaderLink to={path('home')} label={t('shell.runtime.adminHome')} icon={<IconLayoutDashboard size={18} />} />
      <HeaderLink to={editor} label={t('shell.runtime.openInEditor')} icon={<IconEdit size={18} />} />
    </>
  );
}

function HeaderLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <>
      <Button component={Link} to={to} variant="subtle" size="xs" leftSection={icon} visibleFrom="sm">{label}</Button>
      <ActionIcon component={Link} to={to} variant="subtle" size="lg" aria-label={label} hiddenFrom="sm">{icon}</ActionIcon>
    </>
  );
}
