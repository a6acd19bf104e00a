import { type Environment, MAIN_APP_SLUG, ROOT_APP_SLUG, environmentCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf } from '../admin-call';

/** main and _root build nothing: they have no environments. */
export const hasEnvironments = (appSlug: string): boolean => appSlug !== MAIN_APP_SLUG && appSlug !== ROOT_APP_SLUG;

/** One query of the application's family, shared by its screen and the banner above every admin screen. */
export const environmentsQueryKey = (appSlug: string) => ['environments', appSlug] as const;

export function useEnvironments(enabled: boolean) {
  const { app, api } = useCurrentApp();
  const t = useT();
  return useQuery({
    queryKey: environmentsQueryKey(app.appSlug),
    queryFn: async () => dataOf(await api.call(environmentCalls.getEnvironments, { params: { appId: app.appId } }), t('admin.environments.what')),
    enabled: enabled && hasEnvironments(app.appSlug),
  });
}

/** Where a connection leads, as a builder tells environments apart: its type, and its host and database (a file's name alone). */
export function connectionPlace(connection: Environment['connections'][number]): string {
  const where = connection.dbHost === '' ? connection.dbDatabase : `${connection.dbHost}/${connection.dbDatabase}`;
  return `${connection.dbType} ${where}`;
}

/** The last environment of a family is the one members use (Production): marked apart wherever builders see it. */
export const isLastEnvironment = (environments: readonly Environment[], environment: Environment): boolean =>
  environments.every((other) => other.order <= environment.order);
