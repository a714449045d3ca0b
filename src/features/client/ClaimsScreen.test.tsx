// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { session } from '../../app/state/session';
import { CLAIM_API, type ClaimRow } from '../../schemas/customer';
import type { GridColumnDef } from '../../ui/DataGrid';
import { renderUi } from '../../ui/testing';
import ClaimsScreen from './ClaimsScreen';

// The canvas grid needs a real browser (the e2e tests cover it); the stub records what it was given.
let gridProps: { url: string; screenId: string; columns: GridColumnDef<ClaimRow>[] } | null = null;
vi.mock('../../ui/DataGrid', () => ({
  DataGrid: (p: { url: string; screenId: string; columns: GridColumnDef<ClaimRow>[] }) => {
    gridProps = p;
    return <div data-testid="grid">{`${p.screenId} ${p.url}`}</div>;
  },
}));

let get: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  gridProps = null;
  get = vi.spyOn(api, 'get').mockResolvedValue({ merchants: [], channels: [], products: [], labels: [] } as never);
});
afterEach(() => {
  get.mockRestore();
  session.nodes = [];
});

const row = (over: Partial<ClaimRow>): ClaimRow => ({
  id: 1, customer_id: 1, customer_name: 'Le Thi Hoa', phone: '0912345678', merchant_id: 1, merchant_name: 'Saigon Credit', currency: 'VND', order_id: 9,
  order_no: 'ORD-9', status: 'overdue', loan_amount: 1_000_000, remaining_debt: 1_200_000, due_date: '2026-01-10', overdue_days: 6, claimed: false,
  mine: false, owner_id: null, owner_name: null, claimed_at: null, created_at: '2026-01-01T00:00:00.000Z', ...over,
});

describe('customer claims screen', () => {
  it('reads the claim list and words each row’s claim state', async () => {
    session.nodes = [SUPER_KEY];
    renderUi(<ClaimsScreen />);
    expect((await screen.findByTestId('grid')).textContent).toBe(`client.clientUserCollection ${CLAIM_API.list}`);
    const state = gridProps!.columns.find((c) => c.key === 'claim_state')!;
    expect(state.format!(row({}))).toBe('Unclaimed');
    expect(state.format!(row({ claimed: true, owner_id: 5 }))).toBe('Claimed');
    expect(state.format!(row({ claimed: true, mine: true, owner_id: 5 }))).toBe('Mine');
    expect(gridProps!.columns.find((c) => c.key === 'status')!.format!(row({}))).toBe('Overdue');
    expect(screen.getByText('Claim state')).toBeTruthy();
    expect(screen.getByText('My customers')).toBeTruthy();
  });

  it('offers the claim-state filter only to accounts that may release others’ claims', async () => {
    session.nodes = ['client_clientUserCollection', 'client_clientUserCollection_claim'];
    renderUi(<ClaimsScreen />);
    await screen.findByTestId('grid');
    await waitFor(() => expect(screen.getByText('My customers')).toBeTruthy());
    expect(screen.queryByText('Claim state')).toBeNull();
  });
});
