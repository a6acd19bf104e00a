import { Select, Stack, Text } from '@mantine/core';
import { NO_REDIRECT, RedirectConfigSchema } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { configOf } from '../config-of';
import { type ActionSectionProps, withRaw } from '../dialog-scope';
import { useAppPages } from '../use-action-data';

/** REDIRECT (spec 2 §4): a page of the application to open, or No Redirect. */
export function RedirectSection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const pages = useAppPages();
  const config = configOf(RedirectConfigSchema, action.raw);
  const list = pages.data ?? [];
  // A page renamed since keeps its id: its current slug is shown (and stored on the next save).
  const byId = list.find((p) => p.pageId === config.pageId);
  const value = byId?.pageSlug ?? config.pageSlug;
  const data = [
    { value: NO_REDIRECT, label: t('actions.redirect.none') },
    ...list.map((p) => ({ value: p.pageSlug, label: p.pageName })),
    ...(value !== NO_REDIRECT && !list.some((p) => p.pageSlug === value) && !pages.isPending ? [{ value, label: t('actions.common.notFound', { name: value }) }] : []),
  ];
  return (
    <Stack gap={4}>
      <Select
        label={t('actions.redirect.page')}
        placeholder={pages.isPending ? t('actions.redirect.pagesLoading') : t('actions.redirect.pageChoose')}
        data={data}
        value={value}
        searchable
        allowDeselect={false}
        onChange={(slug) => {
          const page = list.find((p) => p.pageSlug === slug);
          onChange(withRaw(action, { pageSlug: slug ?? NO_REDIRECT, pageId: page?.pageId ?? null }));
        }}
      />
      {pages.isError ? <Text size="xs" c="red">{pages.error.message}</Text> : null}
      <Text size="xs" c="dimmed">{t('actions.redirect.help')}</Text>
    </Stack>
  );
}
