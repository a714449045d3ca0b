// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../ui/testing';
import { PermissionTreeEditor } from './PermissionTreeEditor';

function Harness({ initial, onChange, isDisabled }: { initial: string[]; onChange: (k: string[]) => void; isDisabled?: (k: string) => boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionTreeEditor
      value={value}
      isDisabled={isDisabled}
      onChange={(k) => {
        setValue(k);
        onChange(k);
      }}
    />
  );
}

const row = (key: string) => document.querySelector<HTMLElement>(`[data-key="${key}"]`)!;
const box = (key: string) => row(key).querySelector<HTMLInputElement>('input[type=checkbox]')!;

describe('PermissionTreeEditor', () => {
  it('shows translated titles, expands, checks a group whole and shows parents indeterminate', () => {
    const onChange = vi.fn();
    renderUi(<Harness initial={[]} onChange={onChange} />);
    expect(screen.getByText('All permissions (ProtocolList)')).toBeTruthy();
    expect(row('SysEmpowerUser')).toBeNull();
    fireEvent.click(box('SysEmpower'));
    expect(onChange).toHaveBeenLastCalledWith(['SysEmpower']);
    expect(box('SysEmpower').checked).toBe(true);
    expect(row('ProtocolList').getAttribute('aria-checked')).toBe('mixed');
    expect(screen.getByTestId('tree-count').textContent).toBe('1 node stored');
  });

  it('a page checks itself only; an action leaves the page indeterminate', () => {
    const onChange = vi.fn();
    renderUi(<Harness initial={['SysEmpowerUser_resetPwd']} onChange={onChange} />);
    fireEvent.change(screen.getByPlaceholderText('Filter by name or key'), { target: { value: 'SysEmpowerUser' } });
    expect(row('SysEmpowerUser').getAttribute('aria-checked')).toBe('mixed');
    expect(row('SysEmpower').getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(box('SysEmpowerUser'));
    expect(onChange).toHaveBeenLastCalledWith(['SysEmpowerUser', 'SysEmpowerUser_resetPwd']);
    expect(box('SysEmpowerUser_add').checked).toBe(false);
    fireEvent.click(box('SysEmpowerUser'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('disabled nodes (not granted by the parent role) cannot be checked', () => {
    const onChange = vi.fn();
    renderUi(<Harness initial={[]} onChange={onChange} isDisabled={(k) => k !== 'SysEmpowerRole'} />);
    fireEvent.change(screen.getByPlaceholderText('Filter by name or key'), { target: { value: 'SysEmpowerRole' } });
    expect(box('SysEmpower').disabled).toBe(true);
    expect(box('SysEmpowerRole').disabled).toBe(false);
    fireEvent.click(box('SysEmpowerRole'));
    expect(onChange).toHaveBeenLastCalledWith(['SysEmpowerRole']);
  });

  it('filter with no match says so', () => {
    renderUi(<Harness initial={[]} onChange={() => undefined} />);
    fireEvent.change(screen.getByPlaceholderText('Filter by name or key'), { target: { value: 'zzzz-nothing' } });
    expect(screen.getByText('No permission matches')).toBeTruthy();
  });
});
