// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SUPER_KEY } from '../../../commands/permissions';
import { renderUi } from '../../ui/testing';
import { session } from '../state/session';
import { FunctionSearch } from './FunctionSearch';

function setup(code = 'en') {
  session.nodes = [SUPER_KEY];
  const mem = memoryLocation({ path: '/', record: true });
  renderUi(
    <Router hook={mem.hook}>
      <FunctionSearch />
    </Router>,
    code,
  );
  return { mem, input: screen.getByTestId('function-search') as HTMLInputElement };
}

const options = () => [...document.querySelectorAll('[data-combobox-option]')].map((o) => o.textContent);

afterEach(() => {
  session.nodes = [];
});

describe('FunctionSearch', () => {
  it('lists only close matches and jumps to the best on Enter', async () => {
    const { mem, input } = setup();
    fireEvent.change(input, { target: { value: 'dictio' } });
    await waitFor(() => expect(options()).toEqual(['System › Dictionary', 'Customers › Customer dictionary']));
    await waitFor(() => expect(document.querySelector('[data-combobox-selected]')?.textContent).toBe('System › Dictionary'));
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(mem.history.at(-1)).toBe('/system/dict'));
    expect(input.value).toBe('');
  });

  it('says so when nothing matches a mid-word fragment', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'ictio' } });
    await waitFor(() => expect(options()).toEqual([]));
    expect(screen.getByText('No matching function')).toBeTruthy();
  });

  it('matches titles in the user language', async () => {
    const { input } = setup('zh');
    fireEvent.change(input, { target: { value: '字典' } });
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(options().every((o) => o!.includes('字典'))).toBe(true);
  });
});
