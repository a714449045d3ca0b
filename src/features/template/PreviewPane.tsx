import { Alert, Box, Paper, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LANG_BY_CODE, type LangCode } from '../../schemas/i18n';
import type { TemplateKind } from '../../schemas/template';
import { usePreview } from './usePreview';

/**
 * The body rendered with sample values. H5 HTML arrives sanitised by the server (no script, no handler, no
 * javascript: address) and the console's CSP forbids inline script besides; SMS text is shown as text.
 */
export function PreviewPane({ kind, body, lang }: { kind: TemplateKind | null; body: string; lang: string | null }) {
  const intl = useIntl();
  const { preview, failed } = usePreview(kind, body);
  const dir = LANG_BY_CODE[(lang ?? 'en') as LangCode]?.dir ?? 'ltr';
  return (
    <Stack gap={4} data-testid="template-preview">
      <Text size="xs" fw={600} c="dimmed">{intl.formatMessage({ id: 'template.preview.title' })}</Text>
      {failed && <Alert color="red" variant="light">{intl.formatMessage({ id: 'template.preview.failed' })}</Alert>}
      <Paper withBorder p="sm" mih={120} dir={dir}>
        {!preview && <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'template.preview.empty' })}</Text>}
        {preview?.html !== null && preview?.html !== undefined && (
          // Sanitised by the server's allowlist (template/sanitize.ts) before it arrives here.
          <Box className="template-h5-preview" data-testid="template-preview-html" dangerouslySetInnerHTML={{ __html: preview.html }} />
        )}
        {preview?.text !== null && preview?.text !== undefined && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview-text">{preview.text}</Text>
        )}
      </Paper>
    </Stack>
  );
}
