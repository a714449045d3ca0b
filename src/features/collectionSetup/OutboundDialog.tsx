import { Alert, Anchor, Button, Code, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand, type Row } from '../../app/commands';
import { EXTERNAL_CALL_TYPES } from '../../schemas/collection';
import { softphoneLink, softphoneLinkText, templateProblem, type ExternalCallRow } from '../../schemas/collectionSetup';
import type { Choice } from '../../ui/ParamForm';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';

const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['name', 'type', 'url', 'a_text', 'only_no', 'sip_text', 'merchant_id', 'enabled', 'sort'];
/** The number the preview dials. */
export const SAMPLE_PHONE = '+84912345678';
type CallType = (typeof EXTERNAL_CALL_TYPES)[number];

interface Form {
  name: string;
  type: CallType;
  url: string;
  a_text: string;
  only_no: boolean;
  sip_text: string;
  merchant_id: string | null;
  enabled: boolean;
  sort: number | string;
}

const blank = (merchantId: string | null): Form => ({
  name: '', type: 'sip', url: '', a_text: '', only_no: false, sip_text: '', merchant_id: merchantId, enabled: true, sort: 0,
});
const fromRow = (r: ExternalCallRow): Form => ({
  name: r.name, type: r.type, url: r.url, a_text: r.a_text, only_no: r.only_no, sip_text: r.sip_text,
  merchant_id: r.merchant_id === null ? null : String(r.merchant_id), enabled: r.enabled, sort: r.sort,
});

export interface OutboundDialogProps {
  mode: 'add' | 'edit' | null;
  row: ExternalCallRow | null;
  merchants: Choice[];
  /** Types with their labels (get_external_call_type). */
  types: Choice[];
  /** An account of every merchant may keep a setting for all merchants (no merchant). */
  mayGlobal: boolean;
  openKey: number;
  onClose: () => void;
}

/**
 * Adds or edits a softphone setting: the type (sip: `sip:{phone}@domain`, the link text `sip_text`; url: an http(s)
 * template with {phone}, the link text `a_text`), "number only" (dial without the country prefix), the merchant (or
 * all merchants) and the order. The template is checked as it is typed and the link it gives for a sample number is
 * shown.
 */
export function OutboundDialog({ mode, row, merchants, types, mayGlobal, openKey, onClose }: OutboundDialogProps) {
  const intl = useIntl();
  const [form, setForm] = useState<Form>(() => blank(null));
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const id = `empower.outbound.${mode === 'edit' ? 'edit' : 'add'}`;

  useEffect(() => {
    if (!mode) return;
    setForm(mode === 'edit' && row ? fromRow(row) : blank(mayGlobal || merchants.length !== 1 ? null : merchants[0].value));
    setProblem(NO_PROBLEM);
  }, [mode, openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const live = form.url.trim() ? templateProblem(form.type, form.url) : null;
  const preview = useMemo(() => {
    if (!form.url.trim() || live) return null;
    const config = { type: form.type, url: form.url, onlyNo: form.only_no, aText: form.a_text, sipText: form.sip_text };
    return { href: softphoneLink(config, SAMPLE_PHONE), text: softphoneLinkText(config, SAMPLE_PHONE) };
  }, [form, live]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    const body: Record<string, unknown> = {
      name: form.name, type: form.type, url: form.url, a_text: form.a_text, only_no: form.only_no, sip_text: form.sip_text, enabled: form.enabled,
      sort: form.sort === '' ? 0 : Number(form.sort),
    };
    if (form.merchant_id) body.merchant_id = Number(form.merchant_id);
    try {
      await executeCommand(id, body, { intl, selection: mode === 'edit' && row ? [row as unknown as Row] : [], quietInvalid: true });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const label = (key: string) => intl.formatMessage({ id: key === 'url' ? 'collectionSetup.field.url' : `field.${key}` });
  const typeData = EXTERNAL_CALL_TYPES.map((t) => ({ value: t, label: types.find((x) => x.value === t)?.label ?? intl.formatMessage({ id: `option.type.${t}` }) }));
  const merchantData = mayGlobal ? [{ value: '', label: intl.formatMessage({ id: 'collectionSetup.allMerchants' }) }, ...merchants] : merchants;
  const cmd = byId.get(id);

  return (
    <Modal opened={mode !== null} onClose={onClose} size="lg" title={cmd ? commandTitle(cmd, intl) : ''} data-testid="outbound-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput label={label('name')} withAsterisk value={form.name} maxLength={40} data-autofocus name="name"
            onChange={(e) => set('name', e.currentTarget.value)} error={fieldError(problem.fields, 'name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>{label('type')}</Text>
            <SegmentedControl data={typeData} value={form.type} onChange={(v) => set('type', v as CallType)} data-testid="outbound-type" />
          </Stack>
          <TextInput label={label('url')} withAsterisk value={form.url} maxLength={300} name="url" dir="ltr"
            placeholder={form.type === 'url' ? 'https://pbx.example.com/call?to={phone}' : 'pbx.example.com'}
            description={intl.formatMessage({ id: `collectionSetup.urlHint.${form.type}` })}
            onChange={(e) => set('url', e.currentTarget.value)}
            error={fieldError(problem.fields, 'url') ?? (live ? intl.formatMessage({ id: live }) : undefined)} />
          {form.type === 'url'
            ? <TextInput label={label('a_text')} value={form.a_text} maxLength={60} name="a_text" description={intl.formatMessage({ id: 'collectionSetup.aTextHint' })}
                onChange={(e) => set('a_text', e.currentTarget.value)} error={fieldError(problem.fields, 'a_text')} />
            : <TextInput label={label('sip_text')} value={form.sip_text} maxLength={60} name="sip_text" description={intl.formatMessage({ id: 'collectionSetup.sipTextHint' })}
                onChange={(e) => set('sip_text', e.currentTarget.value)} error={fieldError(problem.fields, 'sip_text')} />}
          <Switch label={label('only_no')} description={intl.formatMessage({ id: 'collectionSetup.onlyNoHint' })} checked={form.only_no} name="only_no"
            onChange={(e) => set('only_no', e.currentTarget.checked)} />
          {preview && (
            <Group gap="xs" data-testid="outbound-preview" wrap="nowrap">
              <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'collectionSetup.preview' }, { phone: SAMPLE_PHONE })}</Text>
              <Anchor href={preview.href} size="xs" target="_blank" rel="noopener noreferrer">{preview.text}</Anchor>
              <Code dir="ltr" style={{ unicodeBidi: 'isolate', wordBreak: 'break-all' }}>{preview.href}</Code>
            </Group>
          )}
          <Group grow align="flex-start">
            <Select label={label('merchant_id')} data={merchantData} value={form.merchant_id ?? (mayGlobal ? '' : null)} allowDeselect={false} searchable
              withAsterisk={!mayGlobal} name="merchant_id" onChange={(v) => set('merchant_id', v ? v : null)} error={fieldError(problem.fields, 'merchant_id')} />
            <NumberInput label={label('sort')} value={form.sort} min={0} max={999} allowDecimal={false} name="sort"
              onChange={(v) => set('sort', v)} error={fieldError(problem.fields, 'sort')} />
          </Group>
          <Switch label={label('enabled')} checked={form.enabled} name="enabled" onChange={(e) => set('enabled', e.currentTarget.checked)} />
          {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
        </Stack>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>{intl.formatMessage({ id: 'command.cancel' })}</Button>
          <Button type="submit" loading={busy}>{intl.formatMessage({ id: 'command.submit' })}</Button>
        </Group>
      </form>
    </Modal>
  );
}
