import { Button, Group, JsonInput, MultiSelect, NumberInput, PasswordInput, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { z, ZodType } from 'zod';
import { submitting } from '../app/hotkeys/keyGate';
import { issueMessage } from '../schemas/validation';
import { describeSchema, formToPayload, toFormValue, type FieldSpec, type FormValue } from './schemaFields';

export interface Choice {
  value: string;
  label: string;
}

export interface ParamFormProps {
  /** A zod object schema (a command's `params`). */
  schema: ZodType;
  /** Message ids of field labels by key (a command's `paramTitles`); default `field.<key>`. */
  titles?: Record<string, string>;
  /** Keys not shown (e.g. `id`, which comes from the selected row). Their issues are ignored here. */
  omit?: readonly string[];
  /** Values to start from (the row being edited); schema defaults otherwise. */
  initial?: Record<string, unknown>;
  /** Choices for keys whose values come from elsewhere (roles, merchants): shown as a select. */
  choices?: Record<string, Choice[]>;
  /** Message id of the submit button; default `command.submit`. */
  submitLabel?: string;
  /**
   * Called with the payload when the schema accepts it. A rejection with `issues` (zod issues, e.g. a
   * CommandError 'invalid') shows them on the fields; any other rejection keeps the form open.
   */
  onSubmit: (values: Record<string, unknown>) => unknown;
  onCancel?: () => void;
}

function word(intl: IntlShape, id: string, fallback: string): string {
  return id in intl.messages ? intl.formatMessage({ id }) : fallback;
}

export function fieldLabel(intl: IntlShape, key: string, titles?: Record<string, string>): string {
  return word(intl, titles?.[key] ?? `field.${key}`, key);
}

function issueText(intl: IntlShape, issue: z.core.$ZodIssue): string {
  const m = issueMessage(issue);
  return intl.formatMessage({ id: m.id }, m.values);
}

/** Issues by top-level key, worded in the user's language. */
export function issuesToErrors(intl: IntlShape, issues: readonly z.core.$ZodIssue[], omit: readonly string[] = []): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (omit.includes(key) || errors[key]) continue;
    errors[key] = issueText(intl, issue);
  }
  return errors;
}

/** A form generated from a zod object schema (DESIGN §3: the palette asks for `params` with it). */
export function ParamForm({ schema, titles, omit = [], initial, choices, submitLabel, onSubmit, onCancel }: ParamFormProps) {
  const intl = useIntl();
  const fields = useMemo(() => describeSchema(schema, omit), [schema, omit]);
  const [values, setValues] = useState<Record<string, FormValue>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, toFormValue(f, initial?.[f.key])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = (key: string, v: FormValue) => {
    setValues((cur) => ({ ...cur, [key]: v }));
    if (errors[key]) setErrors(({ [key]: _drop, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    const payload = formToPayload(fields, values);
    const res = schema.safeParse(payload);
    if (!res.success) {
      const errs = issuesToErrors(intl, res.error.issues, omit);
      if (Object.keys(errs).length) {
        setErrors(errs);
        return;
      }
    }
    setBusy(true);
    try {
      // Keys typed while it saves wait for the dialog to close (then they go to the page), or come back here on failure.
      await submitting((async () => onSubmit(payload))());
    } catch (err) {
      const issues = (err as { issues?: z.core.$ZodIssue[] })?.issues;
      if (Array.isArray(issues) && issues.length) setErrors(issuesToErrors(intl, issues, omit));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="param-form">
      <Stack gap="sm">
        {fields.map((f, i) => (
          <Field key={f.key} field={f} intl={intl} label={fieldLabel(intl, f.key, titles)} value={values[f.key]} error={errors[f.key]}
            choices={choices?.[f.key]} autoFocus={i === 0} onChange={(v) => set(f.key, v)} />
        ))}
        {Object.entries(errors)
          .filter(([k]) => !fields.some((f) => f.key === k))
          .map(([k, msg]) => (
            <Text key={k || '_'} size="sm" c="red" role="alert">
              {msg}
            </Text>
          ))}
        <Group justify="flex-end" gap="sm" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {intl.formatMessage({ id: 'command.cancel' })}
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {intl.formatMessage({ id: submitLabel ?? 'command.submit' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface FieldProps {
  field: FieldSpec;
  intl: IntlShape;
  label: string;
  value: FormValue;
  error?: string;
  choices?: Choice[];
  autoFocus?: boolean;
  onChange: (v: FormValue) => void;
}

function optionData(intl: IntlShape, key: string, options: readonly string[]): Choice[] {
  return options.map((o) => ({ value: o, label: word(intl, `option.${key}.${o}`, o) }));
}

/**
 * Enter picks the option the user sees highlighted in this select's open list. Mantine keeps the highlighted index
 * apart from the highlight it draws, and sets the index in timers when the list opens: an Enter typed right after the
 * arrow that opened the list (50 ms, a fast reviewer) could find the index unset, do nothing, and the next Enter
 * would submit the form without the reason on screen. Taken in the capture phase, the key does not reach Mantine.
 */
function pickHighlighted(e: KeyboardEvent<HTMLDivElement>, selectId: string): void {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return;
  const list = [...document.querySelectorAll<HTMLElement>('[role="listbox"]')].find((l) => l.getAttribute('aria-labelledby') === `${selectId}-label`);
  const option = list && list.offsetParent !== null ? list.querySelector<HTMLElement>('[data-combobox-selected]') : null;
  if (!option) return;
  e.preventDefault();
  e.stopPropagation();
  option.click();
}

function Field({ field: f, intl, label, value, error, choices, autoFocus, onChange }: FieldProps) {
  // data-autofocus: a Mantine modal's focus trap starts there (else on its close button), so the keyboard lands in the form.
  const common = { label, error, withAsterisk: f.required && !f.nullable, autoFocus, name: f.key, 'data-autofocus': autoFocus || undefined };
  const clearable = f.nullable || !f.required;
  // Choices still loading (a screen registered an empty list): the picker is disabled, so an arrow and Enter typed
  // ahead cannot pick from options nobody has seen. When they arrive it takes the focus if it was the field meant to
  // have it and the user has not gone to another field meanwhile (the same instance: a remount would drop an open
  // dropdown and its highlighted option).
  const waiting = choices?.length === 0;
  const input = useRef<HTMLInputElement>(null);
  const wasWaiting = useRef(waiting);
  useEffect(() => {
    if (wasWaiting.current && !waiting && autoFocus) {
      const at = document.activeElement;
      if (!at || at === document.body || !at.closest('form') || at.closest('form') !== input.current?.closest('form')) input.current?.focus();
    }
    wasWaiting.current = waiting;
  }, [waiting, autoFocus]);
  const pending = waiting ? { disabled: true, placeholder: intl.formatMessage({ id: 'command.choicesLoading' }), 'data-loading': true } : {};
  const selectId = `pf${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  if (choices && (f.kind === 'number' || f.kind === 'text' || f.kind === 'select')) {
    return (
      <div onKeyDownCapture={(e) => pickHighlighted(e, selectId)}>
        <Select ref={input} id={selectId} {...common} {...pending} data={choices} value={value === '' || value === null ? null : String(value)}
          clearable={clearable} searchable onChange={(v) => onChange(v === null ? (f.kind === 'number' ? '' : null) : f.kind === 'number' ? Number(v) : v)} />
      </div>
    );
  }
  if (choices && (f.kind === 'numberTags' || f.kind === 'tags' || f.kind === 'multiselect')) {
    return <MultiSelect ref={input} {...common} {...pending} data={choices} value={(value as string[]) ?? []} searchable clearable onChange={onChange} />;
  }
  switch (f.kind) {
    case 'password':
      return <PasswordInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} autoComplete="new-password" />;
    case 'time':
      return <TimeInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value.slice(0, 5))} />;
    case 'number':
      return (
        <NumberInput {...common} value={value === null ? '' : (value as number | string)} min={f.min} max={f.max}
          allowDecimal={!f.integer} onChange={(v) => onChange(v === '' ? '' : Number(v))} />
      );
    case 'boolean':
      return <Switch label={label} name={f.key} checked={Boolean(value)} error={error} autoFocus={autoFocus} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'select':
      return <Select {...common} data={optionData(intl, f.key, f.options ?? [])} value={(value as string | null) ?? null} clearable={clearable} onChange={onChange} />;
    case 'multiselect':
      return <MultiSelect {...common} data={optionData(intl, f.key, f.options ?? [])} value={(value as string[]) ?? []} clearable onChange={onChange} />;
    case 'tags':
    case 'numberTags':
      return (
        <TagsInput {...common} value={(value as string[]) ?? []} clearable
          onChange={(v) => onChange(f.kind === 'numberTags' ? v.filter((x) => /^\d+$/.test(x.trim())).map((x) => x.trim()) : v)} />
      );
    case 'json':
      return <JsonInput {...common} value={String(value ?? '')} onChange={onChange} formatOnBlur autosize minRows={2} />;
    default:
      return <TextInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
