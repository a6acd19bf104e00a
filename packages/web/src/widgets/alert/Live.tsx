import { Alert, Skeleton } from '@mantine/core';
import { ALERT_COLORS, alertShown, type CustomAction, NO_REDIRECT, substitutePlaceholders, toParamValues, type WidgetComponent } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { type PageActionScope, usePageActionScope, usePageOpener } from '../../actions/use-action-runtime';
import { CurrentAppContext } from '../../current-app/app-context';
import { allFieldValues } from '../../page-state/form-state';
import { usePlaceholderValues } from '../../page-state/placeholder-values';
import type { WidgetLiveProps } from '../types';
import { configActionOf, variableActionsOf } from './alert-actions';

interface AlertState {
  shown: boolean;
  variables: Record<string, unknown>;
}

/** The first value of the first row a query action answers, or undefined. */
const firstValue = (rows: readonly unknown[]): unknown => {
  const row = rows[0];
  return typeof row === 'object' && row !== null ? Object.values(row)[0] : undefined;
};

async function loadAlert(scope: PageActionScope, component: WidgetComponent<'alert'>, api: NonNullable<React.ContextType<typeof CurrentAppContext>>['api']): Promise<AlertState> {
  const params = toParamValues(allFieldValues(scope.store.getState()));
  const run = async (action: CustomAction) => {
    const answer = await api.runAction({ pageId: scope.pageId, componentId: component.id, actionName: action.name, params });
    if (!answer.status) throw new Error(answer.error?.join(', ') ?? `HTTP ${answer.httpStatus}`);
    return answer.data ?? [];
  };
  const config = configActionOf(component);
  const [shown, values] = await Promise.all([
    config === undefined ? Promise.resolve(true) : run(config).then(alertShown),
    Promise.all(variableActionsOf(component).map(async (a) => [a.name, firstValue(await run(a))] as const)),
  ]);
  return { shown, variables: Object.fromEntries(values) };
}

/**
 * A coloured banner (spec 3 "Alert widget", §4). On a page it shows only when its configuration
 * query answers a first value other than 0; its text's placeholders are filled from the global
 * variables and its variable queries; a click opens the Redirect To page. In the editor (the
 * root form editor included) it is always shown and runs nothing.
 */
export function AlertLive({ component, mode }: WidgetLiveProps<'alert'>) {
  const current = useContext(CurrentAppContext);
  const scope = usePageActionScope(component);
  const openPage = usePageOpener();
  const placeholders = usePlaceholderValues();
  const live = mode === 'preview' && scope !== null && current !== null;
  const state = useQuery({
    queryKey: ['alert', current?.app.appSlug, scope?.pageId, component.id, component.custom_action],
    enabled: live,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<AlertState> => {
      if (scope === null || current === null) return { shown: false, variables: {} };
      try {
        return await loadAlert(scope, component, current.api);
      } catch (error) {
        console.error(`The alert ${component.id} could not run its queries`, error);
        return { shown: false, variables: {} };
      }
    },
  });
  if (live && state.isPending) return <Skeleton height={48} radius="md" />;
  if (live && state.data?.shown !== true) return null;

  const color = component.color === 'error' ? ALERT_COLORS.error : ALERT_COLORS.success;
  const text = mode === 'preview'
    ? substitutePlaceholders(component.title, { ...placeholders, globals: { ...placeholders.globals, ...state.data?.variables } })
    : component.title;
  const redirect = String(component.redirect);
  const redirects = redirect !== '' && redirect !== NO_REDIRECT;
  const onClick = async () => {
    if (!live || !redirects || current === null) return;
    const answer = await current.api.getPage(Number(redirect));
    const slug = answer.status ? answer.data?.[0]?.pageSlug : undefined;
    if (slug !== undefined) openPage(slug);
  };
  return (
    <Alert
      variant="filled"
      color={color}
      radius="md"
      data-testid="alert"
      data-component={component.id}
      role={redirects ? 'link' : 'alert'}
      style={{ cursor: redirects && live ? 'pointer' : undefined, whiteSpace: 'pre-wrap' }}
      onClick={() => void onClick()}
    >
      {text === '' && mode === 'design' ? 'Alert text' : text}
    </Alert>
  );
}
