import { Alert, Badge, Button, Grid, Group, Modal, NumberInput, ScrollArea, Select, Stack, Switch, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand, type Row } from '../../app/commands';
import {
  RULE_ACTIONS, VARIABLE_GROUPS, VARIABLE_NAMES, VARIABLE_TYPES, VARIABLES, type RuleAction, type RuleKind, type RuleRow,
} from '../../schemas/scoring';
import { COMPARATORS, compileRule, RuleExprError, type Comparator } from '../../schemas/scoring-expr';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import type { Choice } from '../../ui/ParamForm';
import { comparatorSymbol } from './words';

const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['merchant_id', 'name', 'clone_code', 'left_expr', 'comparator', 'right_expr', 'action_hit', 'action_miss', 'score', 'weight', 'sort_order', 'enabled'];

interface Form {
  merchant_id: string | null;
  name: string;
  clone_code: string;
  left_expr: string;
  comparator: Comparator;
  right_expr: string;
  action_hit: RuleAction;
  action_miss: RuleAction;
  score: number | string;
  weight: number | string;
  sort_order: number | string;
  enabled: boolean;
}

function blank(kind: RuleKind, merchantId: string | null): Form {
  return {
    merchant_id: merchantId, name: '', clone_code: '', left_expr: '', comparator: 'gte', right_expr: '',
    action_hit: kind === 'audit' ? 'reject' : 'add_score', action_miss: 'none', score: kind === 'audit' ? 0 : 10, weight: 1, sort_order: 100, enabled: true,
  };
}

function fromRow(r: RuleRow): Form {
  return {
    merchant_id: String(r.merchant_id), name: r.name, clone_code: r.clone_code, left_expr: r.left_expr, comparator: r.comparator, right_expr: r.right_expr,
    action_hit: r.action_hit, action_miss: r.action_miss, score: r.score, weight: r.weight, sort_order: r.sort_order, enabled: r.enabled,
  };
}

const numberOrEmpty = (v: number | string): number | undefined => (v === '' || v === null || v === undefined ? undefined : Number(v));

export interface RuleDialogProps {
  kind: RuleKind;
  screen: string;
  /** null: closed. */
  mode: 'add' | 'edit' | null;
  rule: RuleRow | null;
  merchants: Choice[];
  /** Merchant to start an added rule with (the filtered one). */
  defaultMerchant: string | null;
  openKey: number;
  onClose: () => void;
}

/**
 * Adds or edits a rule: the expressions are checked as they are typed with the same parser the server uses (so a
 * mistake shows at its field before saving), the variables are listed by group and inserted where the cursor was,
 * and whatever the server still refuses is shown on its field.
 */
export function RuleDialog({ kind, screen, mode, rule, merchants, defaultMerchant, openKey, onClose }: RuleDialogProps) {
  const intl = useIntl();
  const [form, setForm] = useState<Form>(() => blank(kind, defaultMerchant));
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const lastExpr = useRef<{ field: 'left_expr' | 'right_expr'; el: HTMLTextAreaElement | null }>({ field: 'left_expr', el: null });
  const id = `${screen}.${mode === 'edit' ? 'edit' : 'add'}`;

  useEffect(() => {
    if (!mode) return;
    setForm(mode === 'edit' && rule ? fromRow(rule) : blank(kind, defaultMerchant));
    setProblem(NO_PROBLEM);
  }, [mode, openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  /** The live check: which side is wrong and why, in the user's words (null while a side is still empty). */
  const check = useMemo(() => {
    if (!form.left_expr.trim() || !form.right_expr.trim()) return null;
    try {
      compileRule({ left: form.left_expr, comparator: form.comparator, right: form.right_expr }, VARIABLE_TYPES);
      return { ok: true as const };
    } catch (e) {
      if (e instanceof RuleExprError) return { ok: false as const, side: e.side, text: intl.formatMessage({ id: e.id }, e.values) };
      return null;
    }
  }, [form.left_expr, form.right_expr, form.comparator, intl]);

  const exprError = (side: 'left_expr' | 'right_expr') => fieldError(problem.fields, side) ?? (check && !check.ok && check.side === side ? check.text : undefined);

  const insert = (name: string) => {
    const { field, el } = lastExpr.current;
    const cur = form[field];
    const at = el ? el.selectionStart ?? cur.length : cur.length;
    const end = el ? el.selectionEnd ?? at : at;
    const next = `${cur.slice(0, at)}${name}${cur.slice(end)}`;
    set(field, next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + name.length, at + name.length);
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    const body: Record<string, unknown> = {
      name: form.name, left_expr: form.left_expr, comparator: form.comparator, right_expr: form.right_expr, action_hit: form.action_hit,
      action_miss: form.action_miss, score: numberOrEmpty(form.score), weight: numberOrEmpty(form.weight), sort_order: numberOrEmpty(form.sort_order) ?? 100,
      enabled: form.enabled,
    };
    if (form.clone_code.trim()) body.clone_code = form.clone_code.trim();
    if (mode === 'edit' && rule) body.id = rule.id;
    else body.merchant_id = form.merchant_id ? Number(form.merchant_id) : undefined;
    try {
      await executeCommand(id, body, { intl, selection: mode === 'edit' && rule ? [rule as unknown as Row] : [], quietInvalid: true });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const label = (key: string) => intl.formatMessage({ id: `field.${key}` });
  const actionChoices = RULE_ACTIONS.map((a) => ({ value: a, label: intl.formatMessage({ id: `scoring.action.${a}` }) }));
  const comparatorChoices = COMPARATORS.map((c) => ({ value: c, label: intl.formatMessage({ id: `option.comparator.${c}` }) }));
  const contribution = (Number(form.score) || 0) * (Number(form.weight) || 0);
  const cmd = byId.get(id);

  return (
    <Modal opened={mode !== null} onClose={onClose} size="xl" title={cmd ? commandTitle(cmd, intl) : ''} data-testid="rule-dialog">
      <form onSubmit={submit} noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xs">
              <Group grow align="flex-start">
                <Select label={label('merchant_id')} data={merchants} value={form.merchant_id} searchable withAsterisk disabled={mode === 'edit'}
                  onChange={(v) => set('merchant_id', v)} error={fieldError(problem.fields, 'merchant_id')} name="merchant_id" />
                <TextInput label={label('name')} withAsterisk value={form.name} maxLength={40} data-autofocus name="name"
                  onChange={(e) => set('name', e.currentTarget.value)} error={fieldError(problem.fields, 'name')} />
              </Group>
              <Group grow align="flex-start">
                <TextInput label={label('clone_code')} value={form.clone_code} maxLength={32} name="clone_code" dir="ltr"
                  placeholder={intl.formatMessage({ id: 'scoring.dialog.cloneCodeAuto' })}
                  onChange={(e) => set('clone_code', e.currentTarget.value)} error={fieldError(problem.fields, 'clone_code')} />
                <NumberInput label={label('sort_order')} value={form.sort_order} min={0} max={9999} allowDecimal={false} name="sort_order"
                  onChange={(v) => set('sort_order', v)} error={fieldError(problem.fields, 'sort_order')} />
              </Group>
              <Textarea label={label('left_expr')} withAsterisk value={form.left_expr} autosize minRows={1} maxRows={4} name="left_expr"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} dir="ltr" placeholder="age"
                onFocus={(e) => { lastExpr.current = { field: 'left_expr', el: e.currentTarget }; }}
                onChange={(e) => set('left_expr', e.currentTarget.value)} error={exprError('left_expr')} />
              <Select label={label('comparator')} data={comparatorChoices} value={form.comparator} allowDeselect={false} withAsterisk name="comparator"
                onChange={(v) => v && set('comparator', v as Comparator)} error={fieldError(problem.fields, 'comparator')} />
              <Textarea label={label('right_expr')} withAsterisk value={form.right_expr} autosize minRows={1} maxRows={4} name="right_expr"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} dir="ltr"
                placeholder={form.comparator === 'between' ? '18, 60' : form.comparator === 'in' || form.comparator === 'not_in' ? "'1', '2'" : '18'}
                description={intl.formatMessage({ id: `scoring.dialog.right.${form.comparator === 'between' ? 'between' : form.comparator === 'in' || form.comparator === 'not_in' ? 'list' : 'one'}` })}
                onFocus={(e) => { lastExpr.current = { field: 'right_expr', el: e.currentTarget }; }}
                onChange={(e) => set('right_expr', e.currentTarget.value)} error={exprError('right_expr')} />
              {check?.ok && (
                <Text size="xs" c="teal" data-testid="rule-check-ok" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                  ✓ {intl.formatMessage({ id: 'scoring.dialog.valid' })}: {form.left_expr.trim()} {comparatorSymbol(form.comparator)} {form.right_expr.trim()}
                </Text>
              )}
              <Group grow align="flex-start">
                <Select label={label('action_hit')} data={actionChoices} value={form.action_hit} allowDeselect={false} withAsterisk name="action_hit"
                  onChange={(v) => v && set('action_hit', v as RuleAction)} error={fieldError(problem.fields, 'action_hit')} />
                <Select label={label('action_miss')} data={actionChoices} value={form.action_miss} allowDeselect={false} withAsterisk name="action_miss"
                  onChange={(v) => v && set('action_miss', v as RuleAction)} error={fieldError(problem.fields, 'action_miss')} />
              </Group>
              <Group grow align="flex-start">
                <NumberInput label={label('score')} withAsterisk value={form.score} min={-10000} max={10000} allowDecimal={false} name="score"
                  onChange={(v) => set('score', v)} error={fieldError(problem.fields, 'score')} />
                <NumberInput label={label('weight')} withAsterisk value={form.weight} min={0} max={100} decimalScale={2} step={0.1} name="weight"
                  onChange={(v) => set('weight', v)} error={fieldError(problem.fields, 'weight')} />
              </Group>
              <Text size="xs" c="dimmed">
                {intl.formatMessage({ id: 'scoring.dialog.contribution' }, { value: intl.formatNumber(contribution, { maximumFractionDigits: 2 }) })}
              </Text>
              <Switch label={label('enabled')} checked={form.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} name="enabled" />
              {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <VariableList onPick={insert} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>{intl.formatMessage({ id: 'command.cancel' })}</Button>
          <Button type="submit" loading={busy}>{intl.formatMessage({ id: 'command.submit' })}</Button>
        </Group>
      </form>
    </Modal>
  );
}

/** The variable catalogue by group; a click inserts the name where the cursor was in the expression last edited. */
function VariableList({ onPick }: { onPick: (name: string) => void }) {
  const intl = useIntl();
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const shown = VARIABLE_NAMES.filter((n) => !needle || n.includes(needle) || intl.formatMessage({ id: `scoring.var.${n}` }).toLowerCase().includes(needle));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>{intl.formatMessage({ id: 'scoring.dialog.variables' })}</Text>
      <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'scoring.dialog.syntax' })}</Text>
      <TextInput size="xs" value={q} onChange={(e) => setQ(e.currentTarget.value)} placeholder={intl.formatMessage({ id: 'list.search' })}
        aria-label={intl.formatMessage({ id: 'scoring.dialog.variables' })} />
      <ScrollArea.Autosize mah={420} type="auto">
        <Stack gap={8}>
          {VARIABLE_GROUPS.map((g) => {
            const names = shown.filter((n) => VARIABLES[n].group === g);
            if (!names.length) return null;
            return (
              <Stack key={g} gap={4}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">{intl.formatMessage({ id: `scoring.group.${g}` })}</Text>
                {names.map((n) => (
                  <Tooltip key={n} label={intl.formatMessage({ id: 'scoring.dialog.example' }, { example: VARIABLES[n].example })} openDelay={300} withArrow position="left">
                    <Group gap={6} wrap="nowrap" style={{ cursor: 'pointer' }} role="button" tabIndex={0} data-variable={n}
                      onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(n)}
                      onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onPick(n); } }}>
                      <Badge size="xs" variant="light" tt="none" ff="monospace" dir="ltr">{n}</Badge>
                      <Text size="xs" truncate>{intl.formatMessage({ id: `scoring.var.${n}` })}</Text>
                    </Group>
                  </Tooltip>
                ))}
              </Stack>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
