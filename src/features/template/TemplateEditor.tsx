import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { executeCommand } from '../../app/commands';
import { LANG_CODES } from '../../schemas/config';
import { LANG_BY_CODE } from '../../schemas/i18n';
import { TEMPLATE_KINDS, TEMPLATE_LIMITS, TEMPLATE_VARIABLES, unknownVariables, type TemplateKind, type TemplateRow } from '../../schemas/template';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { PreviewPane } from './PreviewPane';

const SHOWN = ['merchant_id', 'kind', 'lang', 'title', 'body', 'enabled'];

/**
 * Add (N) or edit (E) a template: the kind's variables as buttons that insert `{name}` at the cursor, each unknown
 * variable marked under the body as you type (the server refuses the same ones), and the live preview beside it.
 */
export function TemplateEditor({ row, merchants, onClose }: {
  row: TemplateRow | null; merchants: Array<{ value: string; label: string }>; onClose: () => void;
}) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const adding = row === null;
  const [merchantId, setMerchantId] = useState<string | null>(row ? (row.merchant_id === null ? '' : String(row.merchant_id)) : merchants[0]?.value ?? null);
  const [kind, setKind] = useState<TemplateKind>(row?.kind ?? 'h5_landing');
  const [lang, setLang] = useState<string>(row?.lang ?? 'en');
  const [title, setTitle] = useState(row?.title ?? '');
  const [body, setBody] = useState(row?.body ?? '');
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  const unknown = useMemo(() => unknownVariables(body, kind), [body, kind]);
  const max = kind === 'sms' ? TEMPLATE_LIMITS.smsBody : TEMPLATE_LIMITS.h5Body;

  const insert = (v: string) => {
    const el = area.current;
    const at = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? at;
    const next = `${body.slice(0, at)}{${v}}${body.slice(end)}`;
    setBody(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + v.length + 2, at + v.length + 2);
    });
  };

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (adding) {
        await executeCommand('system.template.add', { merchant_id: merchantId ? Number(merchantId) : null, kind, lang, title, body, enabled }, { intl, quietInvalid: true });
      } else {
        await executeCommand('system.template.edit', { lang, title, body }, { intl, quietInvalid: true, selection: [{ id: row.id }] });
      }
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const bodyError = fieldError(problem?.fields ?? {}, 'body');
  return (
    <Modal opened onClose={onClose} size="xl" title={w(adding ? 'action.system.template.add' : 'action.system.template.edit')} data-testid="template-editor">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs">
          {adding && (
            <Group grow>
              <Select label={w('field.merchant_id')} data={merchants} value={merchantId} onChange={setMerchantId} allowDeselect={false}
                error={fieldError(problem?.fields ?? {}, 'merchant_id')} data-testid="template-merchant" />
              <Select label={w('template.field.kind')} data={TEMPLATE_KINDS.map((k) => ({ value: k, label: w(`option.kind.${k}`) }))} value={kind}
                onChange={(v) => v && setKind(v as TemplateKind)} allowDeselect={false} />
            </Group>
          )}
          <Group grow>
            <Select label={w('template.field.lang')} data={LANG_CODES.map((l) => ({ value: l, label: LANG_BY_CODE[l].label }))} value={lang}
              onChange={(v) => v && setLang(v)} allowDeselect={false} error={fieldError(problem?.fields ?? {}, 'lang')} />
            <TextInput label={w('template.field.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={TEMPLATE_LIMITS.title}
              error={fieldError(problem?.fields ?? {}, 'title')} data-testid="template-title" />
          </Group>
          <Text size="xs" c="dimmed">{w('template.variables.hint')}</Text>
          <Group gap={6} data-testid="template-variables">
            {TEMPLATE_VARIABLES[kind].map((v) => (
              <UnstyledButton key={v} onClick={() => insert(v)} px={6} py={2} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
                <Text size="xs" ff="monospace">{`{${v}}`}</Text>
              </UnstyledButton>
            ))}
          </Group>
          <Textarea ref={area} label={w('template.field.body')} value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={8} maxRows={18}
            styles={{ input: { fontFamily: 'monospace' } }} error={bodyError} data-testid="template-body"
            description={w('template.body.count', { count: body.length, max })} />
          {unknown.length > 0 && (
            <Alert color="orange" variant="light" data-testid="template-unknown">
              <Stack gap={2}>
                {unknown.map((u) => <Text key={u.name} size="sm">{w('template.unknownVariable', { name: u.name, allowed: u.allowed })}</Text>)}
              </Stack>
            </Alert>
          )}
          {adding && <Checkbox label={w('template.enableNow')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />}
          {problem?.message && <Alert color="red" variant="light">{problem.message}</Alert>}
        </Stack>
        <PreviewPane kind={kind} body={body} lang={lang} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>{w('command.cancel')}</Button>
        <Button onClick={() => void submit()} loading={busy} disabled={unknown.length > 0 || !title.trim() || !body.trim()} data-testid="template-save">
          {w('command.submit')}
        </Button>
      </Group>
    </Modal>
  );
}
