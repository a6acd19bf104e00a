import { PasswordInput } from '@mantine/core';
import type { SecretsNeeded, TypedSecrets } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';

/**
 * A password field for each connection, and a secret field for each API, that an import or a
 * pull brings without one the application already holds (nothing of them is in a bundle or a
 * repository). `typed` is what the administrator typed, by the bundle's ids.
 */
export function SecretFields({ needed, typed, onChange }: { needed: SecretsNeeded; typed: TypedSecrets; onChange: (next: TypedSecrets) => void }) {
  const translate = useT();
  return (
    <>
      {needed.connections.filter((c) => c.needsPassword).map((connection) => (
        <PasswordInput
          key={connection.id}
          label={translate('admin.import.connectionPassword', { connection: `${connection.dbType} ${connection.dbUser}@${connection.dbHost}:${connection.dbPort}/${connection.dbDatabase}` })}
          value={typed.passwords[String(connection.id)] ?? ''}
          onChange={(event) => onChange({ ...typed, passwords: { ...typed.passwords, [String(connection.id)]: event.currentTarget.value } })}
          autoComplete="new-password"
        />
      ))}
      {needed.apis.filter((api) => api.needsSecret).map((api) => (
        <PasswordInput
          key={`api-${api.id}`}
          label={translate('admin.import.apiSecret', { api: api.name, url: api.baseUrl })}
          value={typed.apiSecrets[String(api.id)] ?? ''}
          onChange={(event) => onChange({ ...typed, apiSecrets: { ...typed.apiSecrets, [String(api.id)]: event.currentTarget.value } })}
          autoComplete="new-password"
        />
      ))}
    </>
  );
}

/** Whether anything needs a secret typed. */
export const needsSecrets = (needed: SecretsNeeded): boolean => needed.connections.some((c) => c.needsPassword) || needed.apis.some((a) => a.needsSecret);

export const NO_SECRETS_TYPED: TypedSecrets = { passwords: {}, apiSecrets: {} };
