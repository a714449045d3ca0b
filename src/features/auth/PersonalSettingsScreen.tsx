import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useScreenSelection } from '../../app/commands';
import { session } from '../../app/state/session';
import type { UserInfo } from '../../schemas/auth';
import { AccountInfo } from './AccountInfo';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/** The signed-in account's own settings: profile, password, and what the account is (read-only). */
export default function PersonalSettingsScreen() {
  const intl = useIntl();
  useScreenSelection('auth.personalSettings');
  const { user } = useSnapshot(session);
  const me = user as UserInfo | null;
  const w = (id: string) => intl.formatMessage({ id });

  return (
    <Stack gap="sm" data-testid="personal-screen">
      <Title order={1} size="h4" fw={600}>{w('route.auth.personalSettings')}</Title>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            {me ? <AccountInfo user={me} /> : <Text c="dimmed" size="sm">{w('common.noData')}</Text>}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="sm">
            <Paper withBorder radius="md" p="md">
              <Text fw={600} size="sm" mb="sm">{w('auth.personal.profile')}</Text>
              <ProfileForm user={me} />
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Text fw={600} size="sm" mb="sm">{w('auth.personal.password')}</Text>
              <PasswordForm />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
