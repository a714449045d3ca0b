// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { z } from 'zod';
import { loginLogQuery } from '../schemas/log';
import { FilterBar, useUrlFilters } from './FilterBar';
import { compactFilters, filterFields, filtersFromQuery, filtersToQuery, sameFilters, type Filters } from './filterQuery';
import { renderUi } from './testing';

const orders = z.object({
  merchant: z.string().trim().max(40).optional(),
  status: z.enum(['pending', 'overdue', 'settled']).optional(),
  min_units: z.coerce.number().int().min(0).optional(),
  returning: z.boolean().optional(),
  channels: z.array(z.enum(['web', 'app'])).optional(),
  created_from: z.string().optional(),
  created_to: z.string().optional(),
  page: z.coerce.number().default(1),
  size: z.coerce.number().default(50),
  sort: z.string().optional(),
});

describe('filter fields from a zod schema', () => {
  it('one input per key, *_from/*_to as a date range, paging and sort left out', () => {
    expect(filterFields(orders).map((f) => (f.type === 'field' ? `${f.key}:${f.spec.kind}` : `${f.key}:range`))).toEqual([
      'merchant:text', 'status:select', 'min_units:number', 'returning:boolean', 'channels:multiselect', 'created:range',
    ]);
  });

  it('a query flag enum (0/1/true/false) is a yes/no filter', () => {
    expect(filterFields(loginLogQuery).map((f) => (f.type === 'field' ? `${f.key}:${f.spec.kind}` : `${f.key}:range`))).toEqual([
      'account:text', 'success:boolean', 'ip:text', 'date:range',
    ]);
  });
});

describe('filters in the URL query', () => {
  it('round-trips typed values and keeps other params', () => {
    const f = { merchant: 'M1', status: 'overdue', min_units: 500, returning: false, channels: ['web', 'app'], created_from: '2026-01-01', blank: '' };
    const qs = filtersToQuery(orders, f, 'name=Ann&merchant=old&page=3');
    expect(qs).toBe('name=Ann&page=3&merchant=M1&status=overdue&min_units=500&returning=false&channels=web&channels=app&created_from=2026-01-01');
    expect(filtersFromQuery(orders, qs)).toEqual({ merchant: 'M1', status: 'overdue', min_units: 500, returning: false, channels: ['web', 'app'], created_from: '2026-01-01' });
  });

  it('drops what the schema refuses (a hand-edited URL)', () => {
    expect(filtersFromQuery(orders, '?status=nope&min_units=-5&returning=maybe&merchant=%20&channels=web,tv&page=9&other=1')).toEqual({});
    expect(filtersFromQuery(orders, 'min_units=abc&status=settled')).toEqual({ status: 'settled' });
  });

  it('reads the server\'s own query schema (coerced numbers, string flags)', () => {
    expect(filtersFromQuery(loginLogQuery, 'success=true&account=%20amy%20&page=2')).toEqual({ success: true, account: 'amy' });
    expect(filtersFromQuery(loginLogQuery, 'success=0')).toEqual({ success: false });
  });

  it('compares and compacts', () => {
    expect(compactFilters({ a: '', b: null, c: [], d: 0, e: false })).toEqual({ d: 0, e: false });
    expect(sameFilters({ a: 1, b: '' }, { a: 1 })).toBe(true);
    expect(sameFilters({ a: 1 }, { a: 2 })).toBe(false);
  });
});

describe('FilterBar', () => {
  it('renders the inputs and applies on Enter, without empty values', async () => {
    const onApply = vi.fn();
    renderUi(<FilterBar schema={orders} value={{}} onApply={onApply} titles={{ merchant: 'field.account' }} />);
    const merchant = screen.getByLabelText('Account') as HTMLInputElement;
    fireEvent.change(merchant, { target: { value: 'M7' } });
    fireEvent.change(screen.getByLabelText('min_units'), { target: { value: '250' } });
    expect(screen.getByLabelText('From')).toBeTruthy();
    expect(screen.getByLabelText('To')).toBeTruthy();
    fireEvent.submit(screen.getByTestId('filter-bar'));
    expect(onApply).toHaveBeenLastCalledWith({ merchant: 'M7', min_units: 250 });
  });

  it('date filters show and read the locale pattern, and apply YYYY-MM-DD', async () => {
    // Thai puts the day first (the page's catalogue stays English: the date pattern follows the chosen language).
    localStorage.setItem('language', 'ThA');
    const onApply = vi.fn();
    renderUi(<FilterBar schema={orders} value={{ created_from: '2026-03-04' }} onApply={onApply} />);
    localStorage.removeItem('language');
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe('04/03/2026');
    const to = screen.getByLabelText('To') as HTMLInputElement;
    fireEvent.change(to, { target: { value: '09/03/2026' } });
    fireEvent.submit(screen.getByTestId('filter-bar'));
    await waitFor(() => expect(onApply).toHaveBeenLastCalledWith({ created_from: '2026-03-04', created_to: '2026-03-09' }));
  });

  it('Reset clears every filter', () => {
    const onApply = vi.fn();
    renderUi(<FilterBar schema={orders} value={{ merchant: 'M1' }} onApply={onApply} />);
    expect((screen.getByLabelText('merchant') as HTMLInputElement).value).toBe('M1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenLastCalledWith({});
    expect((screen.getByLabelText('merchant') as HTMLInputElement).value).toBe('');
  });

  it('words the buttons in the user\'s language', () => {
    renderUi(<FilterBar schema={orders} value={{}} onApply={() => undefined} />, 'zh');
    expect(screen.getByRole('button', { name: '查询' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重置' })).toBeTruthy();
  });

  it('keeps the applied filters in the URL and reads them back after a refresh', async () => {
    const loc = memoryLocation({ path: '/review/allOrder?name=x&status=overdue', record: true });
    let seen: Filters = {};
    function Screen() {
      const [filters, setFilters] = useUrlFilters(orders);
      seen = filters;
      return (
        <>
          <FilterBar schema={orders} value={filters} onApply={setFilters} />
          <span data-testid="applied">{JSON.stringify(filters)}</span>
        </>
      );
    }
    renderUi(<Router hook={loc.hook} searchHook={loc.searchHook}><Screen /></Router>);
    expect(seen).toEqual({ status: 'overdue' });
    fireEvent.change(screen.getByLabelText('merchant'), { target: { value: 'M2' } });
    fireEvent.submit(screen.getByTestId('filter-bar'));
    await waitFor(() => expect(loc.history!.at(-1)).toBe('/review/allOrder?name=x&status=overdue&merchant=M2'));
    expect(JSON.parse(screen.getByTestId('applied').textContent!)).toEqual({ merchant: 'M2', status: 'overdue' });
  });
});
