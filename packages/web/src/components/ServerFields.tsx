import { Grid, NumberInput, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useT } from '../i18n/LanguageProvider';

interface HostPortFieldsProps {
  host: string;
  onHostChange: (host: string) => void;
  /** '' while the field is empty. */
  port: number | '';
  onPortChange: (port: number | '') => void;
  hostPlaceholder?: string;
}

/** A server's host and port side by side (the port a whole number 1–65535), stacked on a phone. */
export function HostPortFields({ host, onHostChange, port, onPortChange, hostPlaceholder }: HostPortFieldsProps) {
  const t = useT();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, xs: 8 }}>
        <TextInput label={t('shell.server.host')} placeholder={hostPlaceholder} value={host} onChange={(event) => onHostChange(event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 4 }}>
        <NumberInput
          label={t('shell.server.port')}
          value={port}
          onChange={(value) => onPortChange(typeof value === 'number' ? value : '')}
          min={1}
          max={65535}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          hideControls
        />
      </Grid.Col>
    </Grid>
  );
}

interface CredentialFieldsProps {
  username: string;
  onUsernameChange: (username: string) => void;
  password: string;
  onPasswordChange: (password: string) => void;
  /** Under the password: what an empty one does to the stored one. */
  passwordDescription?: string;
}

/** A server's username and password; the browser neither fills nor saves them. */
export function CredentialFields({ username, onUsernameChange, password, onPasswordChange, passwordDescription }: CredentialFieldsProps) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label={t('shell.server.username')} value={username} onChange={(event) => onUsernameChange(event.currentTarget.value)} autoComplete="off" />
      <PasswordInput
        label={t('shell.server.password')}
        description={passwordDescription}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        autoComplete="new-password"
      />
    </SimpleGrid>
  );
}
