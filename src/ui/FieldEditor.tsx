import { ActionIcon, Button, Group, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../app/api/request';
import { useDict } from '../app/lib/dict';
import { notifyText, t } from '../app/lib/notify';
import type { Choice } from './ParamForm';

/**
 * The field editor (spec §4 "Field editor flow"): a popover to edit one value (text, date yyyy-MM-dd, or a
 * dictionary choice); Save asks "update the data?"; on success (20000) it closes, shows the server's message and
 * emits the new value; on another code the server's message is shown as an error and the editor stays open;
 * Cancel closes and restores the old value.
 */
export type FieldEditorKind = 'text' | 'date' | 'dict';

export interface FieldEditorProps {
  value: string | null | undefined;
  kind?: FieldEditorKind;
  /** Dictionary code for kind 'dict' (choices from /loanapi/dict/detail_on_list). */
  dictName?: string;
  /** Choices for kind 'dict' when they come from elsewhere. */
  options?: Choice[];
  /** The field's label (popover title and accessible names). */
  label: string;
  /**
   * Saves the value (e.g. `callApi(EDIT_FIELD, {phone, customer_id, field_name, field_value}).then((r) => r.msg)`)
   * and resolves with the server's msg. Rejections from the request layer were already shown.
   */
  save: (value: string) => Promise<string | void>;
  onSaved?: (value: string) => void;
  /** How the value is shown (default: the text, or the dictionary label). */
  render?: (value: string | null | undefined) => ReactNode;
  disabled?: boolean;
}

export function FieldEditor({ value, kind = 'text', dictName, options, label, save, onSaved, render, disabled }: FieldEditorProps) {
  const intl = useIntl();
  const dict = useDict(kind === 'dict' && !options ? dictName : null);
  const choices: Choice[] = options ?? dict.items.map((i) => ({ value: String(i.value), label: i.label }));
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<string>(value ?? '');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const shown = render
    ? render(value)
    : kind === 'dict'
      ? (choices.find((c) => c.value === String(value ?? ''))?.label ?? value ?? '')
      : (value ?? '');
  const empty = value === null || value === undefined || value === '';

  const open = () => {
    setDraft(value ?? '');
    setConfirming(false);
    setOpened(true);
  };
  const cancel = () => {
    setDraft(value ?? '');
    setConfirming(false);
    setOpened(false);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      const msg = await save(draft);
      setOpened(false);
      setConfirming(false);
      notifyText('success', msg || t('command.done', undefined, intl));
      onSaved?.(draft);
    } catch (e) {
      if (!(e instanceof ApiError)) notifyText('error', e instanceof Error && e.message ? e.message : 'Error');
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const control =
    kind === 'date' ? (
      <TextInput type="date" aria-label={label} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} data-autofocus />
    ) : kind === 'dict' ? (
      <Select aria-label={label} data={choices} value={draft || null} onChange={(v) => setDraft(v ?? '')} searchable
        comboboxProps={{ withinPortal: false }} data-autofocus />
    ) : (
      <TextInput aria-label={label} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} data-autofocus
        onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), setConfirming(true))} />
    );

  return (
    <Group gap={4} wrap="nowrap" display="inline-flex">
      <Text span size="sm" c={empty ? 'dimmed' : undefined}>
        {empty && !render ? t('fieldEditor.empty', undefined, intl) : shown}
      </Text>
      {!disabled && (
        <Popover opened={opened} onChange={(o) => (o ? open() : cancel())} trapFocus withArrow position="bottom-start" shadow="md" width={260}>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" size="xs" onClick={() => (opened ? cancel() : open())}
              aria-label={t('fieldEditor.edit', { field: label }, intl)}>
              <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
                <path d="M12 20h9" />
                <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
              </svg>
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs">
              <Text size="xs" fw={500}>
                {label}
              </Text>
              {confirming ? (
                <>
                  <Text size="sm">{t('fieldEditor.confirm', undefined, intl)}</Text>
                  <Group justify="flex-end" gap="xs">
                    <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={busy}>
                      {t('command.cancel', undefined, intl)}
                    </Button>
                    <Button size="xs" onClick={confirm} loading={busy} data-autofocus>
                      {t('command.confirm.ok', undefined, intl)}
                    </Button>
                  </Group>
                </>
              ) : (
                <>
                  {control}
                  <Group justify="flex-end" gap="xs">
                    <Button size="xs" variant="default" onClick={cancel}>
                      {t('command.cancel', undefined, intl)}
                    </Button>
                    <Button size="xs" onClick={() => setConfirming(true)} disabled={draft === (value ?? '')}>
                      {t('fieldEditor.save', undefined, intl)}
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
