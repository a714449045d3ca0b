import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../commands';
import { commandOfAction } from './actionCommand';

const idOf = (action: string) => commandOfAction(action)?.id;

describe('commandOfAction', () => {
  it('maps a route logged by the audit safety net to the command that calls it', () => {
    expect(idOf('POST /loanapi/review/order/close')).toBe('review.allOrder.close');
    expect(idOf('POST /loanapi/collection/run_day')).toBe('collection.CollectionServiceManagement.runDay');
  });

  it('picks the command named after the route when several call it (preset variants of one route)', () => {
    // result1..result6 are one-key shortcuts of /loanapi/collection/result; the row is "record a result".
    expect(COMMANDS.filter((c) => c.api?.path === '/loanapi/collection/result').length).toBeGreaterThan(1);
    expect(idOf('POST /loanapi/collection/result')).toBe('collection.myCollectionList.result');
  });

  it('maps command ids, dotted routes and shortened ids', () => {
    expect(idOf('withdrawal.waitFor.dispatch')).toBe('withdrawal.waitFor.dispatch');
    expect(idOf('admin_account.forced_session_out')).toBe('log.admin_token_login.forceLogout');
    expect(idOf('merchant.stage.group_add')).toBe('merchant.stage.groupAdd');
    expect(idOf('autoLoanRule.edit')).toBe('merchant.autoLoanRule.edit');
    expect(idOf('review.reloanApprove')).toBe('review.allOrder.reloanApprove');
  });

  it('answers a shortened id shared by several commands only when they carry one title', () => {
    const approve = commandOfAction('review.approve');
    expect(approve).toBeDefined();
    const stages = COMMANDS.filter((c) => c.area === 'review' && c.id.endsWith('.approve'));
    expect(new Set(stages.map((c) => c.title))).toEqual(new Set([approve!.title]));
    // The merchant area's `add` verbs add products, stages, rules …: no guess.
    expect(COMMANDS.filter((c) => c.area === 'merchant' && c.id.endsWith('.add')).length).toBeGreaterThan(1);
    expect(commandOfAction('merchant.add')).toBeUndefined();
  });

  it('answers nothing for what no command does', () => {
    expect(commandOfAction('POST /loanapi/account/change_pwd')).toBeUndefined();
    expect(commandOfAction('export.start')).toBeUndefined();
    expect(commandOfAction('GET /loanapi/nowhere')).toBeUndefined();
    expect(commandOfAction('')).toBeUndefined();
  });
});
