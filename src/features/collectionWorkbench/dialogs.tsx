import { Button, Group, Kbd, Modal, Select, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { CommandError } from '../../../commands/run';
import { submitting } from '../../app/hotkeys/keyGate';
import { currencyDigits } from '../../app/lib/format';
import { issueMessage } from '../../schemas/validation';
import type { CaseContact, WorkChoice } from '../../schemas/collectionWorkbench';

/**
 * The workbench's small forms, each opened by its key and worked by keyboard: the first field has the focus, Enter
 * saves (Shift+Enter: a new line in a note), Esc closes. They are dialogs, so the screen's hotkeys rest meanwhile.
 */

/** Why a submit failed, for the form (the request layer already shows server refusals). */
function problem(e: unknown, t: (id: string, v?: Record<string, string | number>) => string): string {
  if (e instanceof CommandError && e.code === 'invalid' && e.issues[0]) {
    const m = issueMessage(e.issues[0]);
    return t(m.id, m.values);
  }
  return '';
}

/** Major units typed (1,500,000 or 12.50) → integer minor units of the currency; NaN when not a number. */
export function toMinor(text: string, currency: string): number {
  const v = Number(text.replace(/[\s,]/g, ''));
  if (!text.trim() || !Number.isFinite(v)) return NaN;
  return Math.round(v * 10 ** currencyDigits(currency));
}

export function fromMinor(minor: number, currency: string): string {
  return String(minor / 10 ** currencyDigits(currency));
}

function useSubmit(onSubmit: () => Promise<unknown>) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      // Keys typed while it saves wait for the dialog to close (then they are the screen's hotkeys).
      await submitting(onSubmit());
    } catch (err) {
      setError(problem(err, (id, v) => (id in intl.messages ? intl.formatMessage({ id }, v) : id)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}

export interface PromiseTarget {
  caseId: number;
  currency: string;
  today: string;
  maxDate: string;
  debt: number;
}

/** p: a promise to pay — date (YYYY-MM-DD, today … +30 days) and amount in the order's currency. */
export function PromiseDialog({ target, onClose, onSave }: {
  target: PromiseTarget | null;
  onClose: () => void;
  onSave: (v: { promise_date: string; amount: number; note?: string }) => Promise<unknown>;
}) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const [date, setDate] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!target) return;
    setDate(target.today);
    setAmount(fromMinor(target.debt, target.currency));
    setNote('');
  }, [target]);
  const { busy, error, submit } = useSubmit(async () => {
    await onSave({ promise_date: date.trim(), amount: toMinor(amount, target!.currency), ...(note.trim() ? { note: note.trim() } : {}) });
  });
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('action.collectionWorkbench.promise')} size="sm" data-testid="wb-promise-dialog">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <TextInput label={t('collectionWorkbench.field.promise_date')} value={date} onChange={(e) => setDate(e.currentTarget.value)} placeholder="YYYY-MM-DD"
            description={target ? `${target.today} … ${target.maxDate}` : undefined} dir="ltr" data-autofocus onFocus={(e) => e.currentTarget.select()} data-testid="wb-promise-date" />
          <TextInput label={`${t('collectionWorkbench.field.amount')} (${target?.currency ?? ''})`} value={amount} onChange={(e) => setAmount(e.currentTarget.value)}
            inputMode="decimal" dir="ltr" onFocus={(e) => e.currentTarget.select()} data-testid="wb-promise-amount" />
          <TextInput label={t('collectionWorkbench.field.note')} value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
          {error && <Text size="sm" c="red" data-testid="wb-form-error">{error}</Text>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" size="xs" loading={busy} data-testid="wb-promise-save">{t('command.submit')}<Kbd size="xs" ms={6}>Enter</Kbd></Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** n: a note on the case. Enter saves, Shift+Enter starts a new line. */
export function NoteDialog({ caseId, onClose, onSave }: { caseId: number | null; onClose: () => void; onSave: (note: string) => Promise<unknown> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [note, setNote] = useState('');
  useEffect(() => setNote(''), [caseId]);
  const { busy, error, submit } = useSubmit(() => onSave(note.trim()));
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <Modal opened={caseId !== null} onClose={onClose} title={t('action.collectionWorkbench.note')} size="md" data-testid="wb-note-dialog">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Textarea label={t('collectionWorkbench.field.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} onKeyDown={onKey} minRows={3} rows={3}
            maxLength={1000} data-autofocus data-testid="wb-note-text" />
          {error && <Text size="sm" c="red" data-testid="wb-form-error">{error}</Text>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" size="xs" loading={busy}>{t('command.submit')}<Kbd size="xs" ms={6}>Enter</Kbd></Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** r: a result with its disposition and a note. */
export function ResultDialog({ caseId, results, dispositions, onClose, onSave }: {
  caseId: number | null;
  results: readonly WorkChoice[];
  dispositions: readonly WorkChoice[];
  onClose: () => void;
  onSave: (v: { result: string; disposition?: string; note?: string }) => Promise<unknown>;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [result, setResult] = useState<string | null>(null);
  const [disposition, setDisposition] = useState<string | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    setResult(null);
    setDisposition(null);
    setNote('');
  }, [caseId]);
  const { busy, error, submit } = useSubmit(() => onSave({ result: result ?? '', ...(disposition ? { disposition } : {}), ...(note.trim() ? { note: note.trim() } : {}) }));
  return (
    <Modal opened={caseId !== null} onClose={onClose} title={t('action.collectionWorkbench.result')} size="sm" data-testid="wb-result-dialog">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Select label={t('collectionWorkbench.field.result')} data={results.map((r) => ({ value: r.value, label: r.label }))} value={result} onChange={setResult}
            searchable data-autofocus comboboxProps={{ withinPortal: false }} />
          <Select label={t('collectionWorkbench.field.disposition')} data={dispositions.map((r) => ({ value: r.value, label: r.label }))} value={disposition}
            onChange={setDisposition} searchable clearable comboboxProps={{ withinPortal: false }} />
          <TextInput label={t('collectionWorkbench.field.note')} value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
          {error && <Text size="sm" c="red" data-testid="wb-form-error">{error}</Text>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" size="xs" loading={busy} disabled={!result}>{t('command.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface CallChoice {
  contact: CaseContact | null;
  name: string;
  detail: string;
  phone: string;
}

/** Shift+C: whom to call — the customer or a contact. ↑/↓ move, Enter (or the number) calls. */
export function ContactPicker({ choices, onClose, onPick }: { choices: readonly CallChoice[] | null; onClose: () => void; onPick: (c: CallChoice) => void }) {
  const intl = useIntl();
  const list = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-choice]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? Math.min(buttons.length - 1, at + 1) : Math.max(0, at - 1);
      buttons[next]?.focus();
    } else if (/^[1-9]$/.test(e.key) && choices?.[Number(e.key) - 1]) {
      e.preventDefault();
      onPick(choices[Number(e.key) - 1]);
    }
  };
  return (
    <Modal opened={choices !== null} onClose={onClose} title={intl.formatMessage({ id: 'collectionWorkbench.contacts.pick' })} size="md" data-testid="wb-contact-picker">
      <Stack gap={4} ref={list} onKeyDown={onKey}>
        {(choices ?? []).map((c, i) => (
          <UnstyledButton key={c.contact?.id ?? 'customer'} data-choice={i} data-autofocus={i === 0 || undefined} onClick={() => onPick(c)} p={6}
            style={{ borderRadius: 4, border: '1px solid var(--mantine-color-default-border)' }}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                {i < 9 && <Kbd size="xs">{i + 1}</Kbd>}
                <Text size="sm" fw={500}>{c.name}</Text>
                <Text size="xs" c="dimmed">{c.detail}</Text>
              </Group>
              <Text size="sm" dir="ltr">{c.phone}</Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
