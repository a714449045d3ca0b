import { Button, Group, Select, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../app/layout/icons';
import type { RoleOption } from '../../schemas/empower';

export interface AccountFilterValues {
  keyword: string;
  role_id: string | null;
  enabled: '0' | '1' | null;
}

export const NO_FILTERS: AccountFilterValues = { keyword: '', role_id: null, enabled: null };

/** Keyword (applied on Enter or Search), role and status (applied at once), and reset. */
export function AccountFilters({ value, roles, onChange }: { value: AccountFilterValues; roles: readonly RoleOption[]; onChange: (v: AccountFilterValues) => void }) {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [keyword, setKeyword] = useState(value.keyword);
  useEffect(() => setKeyword(value.keyword), [value.keyword]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...value, keyword: keyword.trim() });
  };

  return (
    <form onSubmit={submit} role="search" data-testid="account-filters">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <TextInput
          size="xs"
          w={260}
          aria-label={w('empower.filter.keyword')}
          placeholder={w('empower.filter.keyword')}
          leftSection={<Icon name="search" size={14} />}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          maxLength={64}
        />
        <Select
          size="xs"
          w={200}
          aria-label={w('field.role_id')}
          placeholder={w('empower.filter.allRoles')}
          data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
          value={value.role_id}
          clearable
          searchable
          onChange={(v) => onChange({ ...value, keyword: keyword.trim(), role_id: v })}
        />
        <Select
          size="xs"
          w={150}
          aria-label={w('empower.col.status')}
          placeholder={w('empower.filter.allStatuses')}
          data={[
            { value: '1', label: w('empower.value.enabled') },
            { value: '0', label: w('empower.value.disabled') },
          ]}
          value={value.enabled}
          clearable
          onChange={(v) => onChange({ ...value, keyword: keyword.trim(), enabled: (v as '0' | '1' | null) ?? null })}
        />
        <Button size="xs" type="submit" variant="light">
          {w('empower.filter.search')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          onClick={() => {
            setKeyword('');
            onChange(NO_FILTERS);
          }}
        >
          {w('empower.filter.reset')}
        </Button>
      </Group>
    </form>
  );
}
