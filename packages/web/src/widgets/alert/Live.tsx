import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { ALERT_COLORS, alertShown, NO_REDIRECT, readableTextOn, pageCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { usePageOpener } from '../../actions/use-action-runtime';
import { CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { usePlaceholderValues } from '../../page-state/placeholder-values';
import { fillText, usePageActionRunner, useQueryVariables } from '../shared/query-variables';
import type { WidgetLiveProps } from '../types';
import { configActionOf, variableActionsOf } from './alert-actions';

/**
 * A coloured banner (spec 3 "Alert widget", §4). On a page it shows only when its configuration
 * query answers a first value other than 0, so never while it has none (an alert just placed
 * from the palette); its text's placeholders are filled from the global variables and its
 * variable queries; a click opens the Redirect To page. In the editor (the root form editor
 * included) it is always shown and runs nothing, and says when it has no query.
 */
export function AlertLive({ component, mode }: WidgetLiveProps<'alert'>) {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const runner = usePageActionRunner(component);
  const openPage = usePageOpener();
  const placeholders = usePlaceholderValues();
  const live = mode === 'preview' && runner !== null;
  const config = configActionOf(component);
  const shown = useQuery({
    queryKey: ['alert', ...(runner?.key ?? []), config],
    enabled: live && config !== undefined,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<boolean> => {
      if (runner === null || config === undefined) return false;
      try {
        return alertShown(await runner.run(config));
      } catch (error) {
        console.error(`The alert ${component.id} could not run its configuration query`, error);
        return false;
      }
    },
  });
  const variables = useQueryVariables(component, variableActionsOf(component), live && config !== undefined);
  // Not configured yet: nothing to show a member (the editor says why).
  if (live && config === undefined) return null;
  if (live && (shown.isPending || variables.pending)) return <Skeleton height={48} radius="md" />;
  if (live && (shown.data !== true || variables.failed)) return null;

  const color = component.color === 'error' ? ALERT_COLORS.error : ALERT_COLORS.success;
  const text = mode === 'preview' ? fillText(component.title, placeholders, variables.values) : component.title;
  const redirect = String(component.redirect);
  const redirects = redirect !== '' && redirect !== NO_REDIRECT;
  const onClick = async () => {
    if (!live || !redirects || current === null) return;
    const answer = await current.api.call(pageCalls.getPage, { params: { id: Number(redirect) } });
    const slug = answer.status ? answer.data?.[0]?.pageSlug : undefined;
    if (slug !== undefined) openPage(slug);
  };
  const banner = (
    <Alert
      variant="filled"
      color={color}
      radius="md"
      data-testid="alert"
      data-component={component.id}
      role={redirects ? 'link' : 'alert'}
      // The specification's colours stay; the text takes black or white, whichever reads (AA).
      style={{ cursor: redirects && live ? 'pointer' : undefined, whiteSpace: 'pre-wrap', '--alert-color': readableTextOn(color) }}
      onClick={() => void onClick()}
      // A link is reached and followed by keyboard too.
      tabIndex={redirects ? 0 : undefined}
      onKeyDown={(event) => { if (event.key === 'Enter') void onClick(); }}
    >
      {text === '' && mode === 'design' ? t('formwidgets.alert.emptyText') : text}
    </Alert>
  );
  if (mode !== 'design' || config !== undefined) return banner;
  return (
    <Stack gap={4}>
      {banner}
      <Text size="xs" c="orange.9">{t('formwidgets.alert.noQueryNote')}</Text>
    </Stack>
  );
}
