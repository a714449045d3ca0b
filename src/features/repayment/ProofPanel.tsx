import { Anchor, Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useCommandDone, useSelection } from '../../app/commands';
import { formatTime } from '../../app/lib/time';
import { useRemote } from '../../ui/useRemote';
import { word } from './columns';
import { getProofs } from './repayment.api';

const RESULT_COLORS: Record<string, string> = { accepted: 'green', revoked: 'orange' };

/** The vouchers of the manual repayment selected on `screen`: image, upload time, uploader, kind, result. */
export function ProofPanel({ screen }: { screen: string }) {
  const intl = useIntl();
  const sel = useSelection();
  const rows = sel.screen === screen ? sel.rows : [];
  const id = rows.length === 1 ? Number(rows[0].id) : null;
  const remote = useRemote((signal) => (id ? getProofs(id, signal) : Promise.resolve([])), [id]);
  useCommandDone(() => remote.reload(), 'repayment.manualRepayment.');
  const t = (key: string) => intl.formatMessage({ id: key });
  return (
    <Paper withBorder p="sm" data-testid="repayment-proof-panel">
      <Text fw={600} size="sm" mb={6}>{t('repayment.proofs.title')}</Text>
      {id === null && <Text size="sm" c="dimmed">{t('repayment.proofs.pick')}</Text>}
      {id !== null && !remote.loading && (remote.data ?? []).length === 0 && <Text size="sm" c="dimmed">{t('repayment.proofs.empty')}</Text>}
      <Stack gap={6}>
        {(remote.data ?? []).map((p) => (
          <Group key={p.id} gap="sm" wrap="nowrap" align="center">
            <Anchor href={p.file_url} target="_blank" aria-label={t('repayment.proofs.open')}>
              <Image src={p.file_url} w={56} h={56} fit="cover" radius="sm" alt={word(intl, 'option.proof_type', p.proof_type)} />
            </Anchor>
            <Text size="xs" c="dimmed" w={150}>{formatTime(p.created_at)}</Text>
            <Text size="sm" w={140}>{p.uploader_name ?? ''}</Text>
            <Text size="sm" w={160}>{word(intl, 'option.proof_type', p.proof_type)}</Text>
            <Badge variant="light" color={RESULT_COLORS[p.result] ?? 'gray'}>{p.result ? word(intl, 'option.proof_result', p.result) : t('repayment.proofs.unused')}</Badge>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
