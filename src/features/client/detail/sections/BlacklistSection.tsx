import { Badge } from '@mantine/core';
import { useDetail } from '../DetailContext';
import { Coded, Field, Fields, MiniTable, Time, YesNo, useWord } from '../parts';

type Entry = { id: number; source: string; reason: string; created_at: string; expires_at: string | null };

/** Blacklist: status and level, whitelist, login allowed, and the list entries. */
export function BlacklistSection() {
  const { detail } = useDetail();
  const word = useWord();
  const b = detail.blacklist;
  return (
    <>
      <Fields>
        <Field label="customer.field.blacklisted">
          <Badge size="xs" radius="sm" variant={b.blacklisted ? 'filled' : 'outline'} color={b.blacklisted ? 'red' : 'gray'} tt="none">
            {word(b.blacklisted ? 'customer.yes' : 'customer.no')}
          </Badge>
        </Field>
        <Field label="customer.field.blacklist_level"><Coded group="blacklistLevel" value={String(b.level)} /></Field>
        <Field label="customer.field.whitelisted"><YesNo value={b.whitelisted} /></Field>
        <Field label="customer.field.login_allowed"><YesNo value={b.login_allowed} /></Field>
      </Fields>
      <MiniTable<Entry>
        label="customer.section.blacklist"
        empty="customer.blacklist.noEntries"
        rows={b.entries}
        columns={[
          { key: 'source', title: 'customer.field.source' },
          { key: 'reason', wrap: true, title: 'customer.field.reason' },
          { key: 'created_at', title: 'customer.field.created_at', render: (r) => <Time value={r.created_at} /> },
          { key: 'expires_at', title: 'customer.field.expires_at', render: (r) => <Time value={r.expires_at} /> },
        ]}
      />
    </>
  );
}
