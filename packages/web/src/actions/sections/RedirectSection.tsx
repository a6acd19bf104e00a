import { Select, Stack, Text } from '@mantine/core';
import { NO_REDIRECT, RedirectConfigSchema } from '@rakit/core';
import { configOf } from '../config-of';
import { type ActionSectionProps, withRaw } from '../dialog-scope';
import { useAppPages } from '../use-action-data';

/** REDIRECT (spec 2 §4): a page of the application to open, or No Redirect. */
export function RedirectSection({ action, onChange }: ActionSectionProps) {
  const pages = useAppPages();
  const config = configOf(RedirectConfigSchema, action.raw);
  const list = pages.data ?? [];
  // A page renamed since keeps its id: its current slug is shown (and stored on the next save).
  const byId = list.find((p) => p.pageId === config.pageId);
  const value = byId?.pageSlug ?? config.pageSlug;
  const data = [
    { value: NO_REDIRECT, label: 'No Redirect' },
    ...list.map((p) => ({ value: p.pageSlug, label: p.pageName })),
    ...(value !== NO_REDIRECT && !list.some((p) => p.pageSlug === value) && !pages.isPending ? [{ value, label: `${value} (not found)` }] : []),
  ];
  return (
    <Stack gap={4}>
      <Select
        label="Page"
        placeholder={pages.isPending ? 'Loading pages…' : 'Choose a page'}
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
      <Text size="xs" c="dimmed">The page opens in the same group (or in the preview window).</Text>
    </Stack>
  );
}
