import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useDict } from '../../../app/lib/dict';
import { EDITABLE_FIELD_NAMES, EDITABLE_FIELDS, type CustomerDetail, type EditableFieldName } from '../../../schemas/customer';
import { useWord } from './parts';

/** The current value of an editable field in the loaded detail. */
export function currentValue(d: CustomerDetail, field: EditableFieldName): string {
  const src = EDITABLE_FIELDS[field].section === 'company' ? d.company : d.customer;
  const v = (src as unknown as Record<string, unknown>)[field];
  return v === null || v === undefined ? '' : String(v);
}

/**
 * The keyboard way to edit a field (palette or hotkey "e"): choose the field, enter the value by its kind, save,
 * confirm ("update the data?"), as the field editor does.
 */
export function EditFieldDialog({ opened, detail, onClose, save }: {
  opened: boolean;
  detail: CustomerDetail;
  onClose: () => void;
  save: (field: EditableFieldName, value: string) => Promise<string>;
}) {
  const word = useWord();
  const [field, setField] = useState<EditableFieldName | null>(null);
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const def = field ? EDITABLE_FIELDS[field] : null;
  const dict = useDict(def?.kind === 'dict' ? (def as { dict: string }).dict : null);

  useEffect(() => {
    if (opened) {
      setField(null);
      setValue('');
      setConfirming(false);
    }
  }, [opened]);
  useEffect(() => {
    if (field) setValue(currentValue(detail, field));
    setConfirming(false);
  }, [field, detail]);

  const fields = useMemo(() => EDITABLE_FIELD_NAMES.map((f) => ({ value: f, label: word(`customer.field.${f}`) })), [word]);
  const unchanged = field ? value === currentValue(detail, field) : true;

  const submit = async () => {
    if (!field) return;
    setBusy(true);
    try {
      await save(field, value);
      onClose();
    } catch {
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={word('action.customer.editField')} size="sm" centered>
      <Stack gap="sm">
        <Select label={word('customer.edit.field')} data={fields} value={field} onChange={(v) => setField(v as EditableFieldName | null)} searchable data-autofocus comboboxProps={{ withinPortal: false }} />
        {def && (def.kind === 'dict' ? (
          <Select label={word('customer.edit.value')} data={dict.items.map((i) => ({ value: String(i.value), label: i.label }))} value={value || null}
            onChange={(v) => setValue(v ?? '')} searchable comboboxProps={{ withinPortal: false }} />
        ) : (
          <TextInput label={word('customer.edit.value')} type={def.kind === 'date' ? 'date' : 'text'} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
        ))}
        {confirming ? (
          <>
            <Text size="sm">{word('fieldEditor.confirm')}</Text>
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={busy}>{word('command.cancel')}</Button>
              <Button size="xs" onClick={submit} loading={busy}>{word('command.confirm.ok')}</Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={onClose}>{word('command.cancel')}</Button>
            <Button size="xs" onClick={() => setConfirming(true)} disabled={!field || unchanged}>{word('fieldEditor.save')}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
