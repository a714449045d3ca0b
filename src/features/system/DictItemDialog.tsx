import { Alert, Autocomplete, Button, ColorInput, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand, type Row } from '../../app/commands';
import { LANGS, type LangCode } from '../../schemas/i18n';
import type { DictItem } from '../../schemas/system';
import { fieldLabel } from '../../ui/ParamForm';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { DictTag } from './DictTag';
import { LABEL_COLOR_KEY, dictFormFrom, dictPayload, type DictForm } from './dictForm';

/** Mantine's palette at shade 6, offered as swatches (any colour may be typed or picked). */
const SWATCHES = ['#1971c2', '#1c7ed6', '#0c8599', '#099268', '#2f9e44', '#66a80f', '#f08c00', '#e8590c', '#e03131', '#c2255c', '#9c36b5', '#6741d9', '#3b5bdb', '#868e96'];

export interface DictItemDialogProps {
  /** null: closed. */
  mode: 'add' | 'edit' | null;
  /** The row being edited (edit), or null. */
  item: DictItem | null;
  /** The dictionary shown on the screen: a new item goes there unless another name is typed. */
  dictName: string;
  /** Existing dictionary names, offered while typing (a new name makes a new dictionary). */
  names: readonly string[];
  /** Sort order proposed for a new item. */
  sort: number;
  onClose: () => void;
  onSaved: (item: DictItem) => void;
}

const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
/** The fields the dialog shows (the colours are added per key). */
const SHOWN = ['dict_name', 'value', 'label', 'name', 'sort', 'enabled'];

/**
 * Add or edit a dictionary item. Submits through `executeCommand` (permission, the command's zod schema, the
 * server); issues found by either show at their fields in the user's language, and what was typed stays.
 */
export function DictItemDialog({ mode, item, dictName, names, sort, onClose, onSaved }: DictItemDialogProps) {
  const intl = useIntl();
  const [form, setForm] = useState<DictForm>(() => dictFormFrom(item, dictName));
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const id = mode === 'edit' ? 'system.dict.edit' : 'system.dict.add';

  useEffect(() => {
    if (!mode) return;
    setForm(mode === 'edit' ? dictFormFrom(item, dictName) : { ...dictFormFrom(null, dictName), sort });
    setProblem(NO_PROBLEM);
    // Opening decides the starting values; later renders must not reset what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, item?.id]);

  const set = <K extends keyof DictForm>(key: K, value: DictForm[K], path: string = key) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (problem.fields[path] || problem.fields[key]) {
      setProblem((p) => {
        const { [path]: _a, [key]: _b, ...rest } = p.fields;
        return { ...p, fields: rest };
      });
    }
  };
  const setLangLabel = (code: LangCode, v: string) => set('labels', { ...form.labels, [code]: v }, `labels.${code}`);
  const setColor = (k: string, v: string) => set('colors', { ...form.colors, [k]: v }, `el_tag_color.${k}`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const saved = await executeCommand<DictItem>(id, dictPayload(form), { intl, selection: mode === 'edit' && item ? [item as unknown as Row] : [], quietInvalid: true });
      onSaved(saved);
      onClose();
    } catch (err) {
      // Issues about anything the form does not show go to the message under the fields.
      const colorPaths = [LABEL_COLOR_KEY, ...Object.keys(form.colors)].map((k) => `el_tag_color.${k}`);
      setProblem(submitProblem(intl, err, [...SHOWN, 'el_tag_color', ...colorPaths, 'labels', ...LANGS.map((l) => `labels.${l.code}`)]));
    } finally {
      setBusy(false);
    }
  };

  const label = (key: string) => fieldLabel(intl, key);
  const err = (path: string) => fieldError(problem.fields, path);
  const cmd = byId.get(id)!;
  const otherColors = Object.keys(form.colors).filter((k) => k !== LABEL_COLOR_KEY);
  const isNewName = !!form.dict_name.trim() && !names.includes(form.dict_name.trim());

  return (
    <Modal opened={mode !== null} onClose={onClose} title={commandTitle(cmd, intl)} size="lg" data-testid="dict-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Autocomplete
            label={label('dict_name')}
            withAsterisk
            data={[...names]}
            value={form.dict_name}
            onChange={(v) => set('dict_name', v)}
            error={err('dict_name')}
            description={isNewName ? intl.formatMessage({ id: 'system.dict.newName' }) : undefined}
            name="dict_name"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={label('value')} withAsterisk value={form.value} onChange={(e) => set('value', e.currentTarget.value)} error={err('value')} name="value" data-autofocus />
            <TextInput label={label('label')} withAsterisk value={form.label} onChange={(e) => set('label', e.currentTarget.value)} error={err('label')} name="label" />
            <TextInput label={label('name')} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={err('name')} name="name" />
            <NumberInput label={label('sort')} value={form.sort} min={0} max={100000} allowDecimal={false} allowNegative={false}
              onChange={(v) => set('sort', v === '' ? '' : Number(v))} error={err('sort')} name="sort" />
          </SimpleGrid>
          <Text size="sm" fw={500}>{intl.formatMessage({ id: 'system.dict.labelsByLang' })}</Text>
          <Text size="xs" c="dimmed" mt={-8}>{intl.formatMessage({ id: 'system.dict.labelsByLangHint' })}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="dict-labels">
            {LANGS.map((l) => (
              <TextInput key={l.code} size="xs" label={l.label} dir={l.dir} lang={l.intl} value={form.labels[l.code] ?? ''}
                placeholder={form.label.trim()} onChange={(e) => setLangLabel(l.code, e.currentTarget.value)}
                error={err(`labels.${l.code}`)} name={`labels.${l.code}`} />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <ColorInput
              label={intl.formatMessage({ id: 'system.dict.labelColor' })}
              value={form.colors[LABEL_COLOR_KEY] ?? ''}
              onChange={(v) => setColor(LABEL_COLOR_KEY, v)}
              format="hex"
              swatches={SWATCHES}
              swatchesPerRow={7}
              error={err(`el_tag_color.${LABEL_COLOR_KEY}`)}
              name="el_tag_color.label"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{intl.formatMessage({ id: 'system.dict.preview' })}</Text>
              <Group h={36} align="center">
                <DictTag label={form.label.trim() || intl.formatMessage({ id: 'field.label' })} colors={form.colors} />
              </Group>
            </Stack>
            {otherColors.map((k) => (
              <ColorInput key={k} label={`${label('el_tag_color')}: ${label(k)}`} value={form.colors[k]} onChange={(v) => setColor(k, v)}
                format="hex" swatches={SWATCHES} swatchesPerRow={7} error={err(`el_tag_color.${k}`)} />
            ))}
          </SimpleGrid>
          <Switch label={label('enabled')} checked={form.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} name="enabled" />
          {problem.message && <Alert color="red" role="alert" p="xs">{problem.message}</Alert>}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>{intl.formatMessage({ id: 'command.cancel' })}</Button>
            <Button type="submit" loading={busy}>{intl.formatMessage({ id: 'command.submit' })}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
