// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SUPER_KEY } from '../../commands/permissions';
import { accountAddBody } from '../schemas/empower';
import { ApiError, api } from '../app/api/request';
import { configureCopyAudit } from '../app/lib/copy';
import { setNotifier, type Notifier } from '../app/lib/notify';
import { session } from '../app/state/session';
import { CopyText } from './CopyText';
import { FieldEditor } from './FieldEditor';
import { checkImage, uploadImage } from './ImageUpload';
import { ParamForm } from './ParamForm';
import { Permission } from './Permission';
import { renderUi } from './testing';

let notes: Array<[string, string]>;
let prev: Notifier;
beforeEach(() => {
  notes = [];
  prev = setNotifier((k, m) => notes.push([k, m]));
});
afterEach(() => {
  setNotifier(prev);
  session.nodes = [];
  vi.restoreAllMocks();
});

describe('ParamForm', () => {
  it('renders controls by type with catalogue labels and submits the payload', async () => {
    const onSubmit = vi.fn();
    renderUi(<ParamForm schema={accountAddBody} titles={{ password: 'field.newPassword' }} onSubmit={onSubmit} />);
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).type).toBe('password');
    expect(screen.getByLabelText(/^Phone number/)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Enabled' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByText('is required').length).toBeGreaterThan(2));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Account/), { target: { value: 'amy' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'secret12' } });
    fireEvent.change(screen.getByLabelText(/^Nickname/), { target: { value: 'Amy' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Amy Lee' } });
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText(/^Role$|^Role \*/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ account: 'amy', password: 'secret12', role_id: 2, enabled: true, allowed_terminals: [] });
  });

  it('shows issues from a rejected submit on the fields', async () => {
    const schema = z.object({ name: z.string() });
    const onSubmit = vi.fn(async () => {
      throw Object.assign(new Error('x'), { issues: [{ code: 'too_small', origin: 'string', minimum: 5, path: ['name'], message: '' }] });
    });
    renderUi(<ParamForm schema={schema} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('must be at least 5 characters');
  });

  it('select choices and enum options', async () => {
    const onSubmit = vi.fn();
    const schema = z.object({ role_id: z.number(), allowed_terminals: z.array(z.enum(['pc', 'mobile'])).default([]) });
    renderUi(<ParamForm schema={schema} choices={{ role_id: [{ value: '3', label: 'Reviewer' }] }} initial={{ role_id: 3, allowed_terminals: ['pc'] }} onSubmit={onSubmit} />);
    expect((screen.getAllByLabelText(/^Role/)[0] as HTMLInputElement).value).toBe('Reviewer');
    expect(screen.getAllByText('PC').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ role_id: 3, allowed_terminals: ['pc'] }));
  });
});

describe('FieldEditor', () => {
  it('edit → save → "Update the data?" → confirm: closes, shows the server msg, emits the value', async () => {
    const save = vi.fn(async () => 'Updated');
    const onSaved = vi.fn();
    renderUi(<FieldEditor value="Ann" label="Name" save={save} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Name' }));
    const input = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Update the data?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Anna'));
    expect(save).toHaveBeenCalledWith('Anna');
    expect(notes).toEqual([['success', 'Updated']]);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull());
  });

  it('error keeps it open and emits nothing; cancel restores', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(40000, 'bad');
    });
    const onSaved = vi.fn();
    renderUi(<FieldEditor value="2024-01-02" kind="date" label="Birth date" save={save} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Birth date' }));
    const input = (await screen.findByLabelText('Birth date')) as HTMLInputElement;
    expect(input.type).toBe('date');
    fireEvent.change(input, { target: { value: '2024-02-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('2024-02-03'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(((await screen.findByLabelText('Birth date')) as HTMLInputElement).value).toBe('2024-02-03');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Birth date')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Edit Birth date' }));
    expect(((await screen.findByLabelText('Birth date')) as HTMLInputElement).value).toBe('2024-01-02');
  });

  it('shows a dictionary label', () => {
    renderUi(<FieldEditor value="1" kind="dict" options={[{ value: '1', label: 'Married' }]} label="Marital status" save={async () => undefined} />);
    expect(screen.getByText('Married')).toBeTruthy();
  });
});

describe('ImageUpload', () => {
  const file = (name: string, type: string, size: number) => {
    const f = new File(['x'], name, { type });
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };

  it('checkImage: 3 MB and jpeg/jpg/png by default', () => {
    expect(checkImage(file('a.png', 'image/png', 3 * 1024 * 1024))).toBeNull();
    expect(checkImage(file('a.jpg', 'image/jpeg', 10))).toBeNull();
    expect(checkImage(file('a.JPEG', 'image/jpeg', 10))).toBeNull();
    expect(checkImage(file('a.png', 'image/png', 3 * 1024 * 1024 + 1))).toEqual({ id: 'upload.tooLarge', values: { n: 3 } });
    expect(checkImage(file('a.gif', 'image/gif', 10))?.id).toBe('upload.badType');
    expect(checkImage(file('a.png', 'application/pdf', 10))?.id).toBe('upload.badType');
    expect(checkImage(file('a.png', 'image/png', 2 * 1024 * 1024), { maxMb: 1 })).toEqual({ id: 'upload.tooLarge', values: { n: 1 } });
  });

  it('uploadImage: blocked before sending, else multipart with sign_type first, returns file_url', async () => {
    renderUi(<div />);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ file_url: '/files/2025-01/x.png' } as never);
    await expect(uploadImage(file('big.png', 'image/png', 4 * 1024 * 1024))).rejects.toThrow();
    expect(post).not.toHaveBeenCalled();
    expect(notes).toEqual([['error', 'upload.tooLarge']]);
    await expect(uploadImage(file('ok.png', 'image/png', 100), 'id_front')).resolves.toBe('/files/2025-01/x.png');
    const [path, body] = post.mock.calls[0] as [string, FormData];
    expect(path).toBe('/loanapi/upload/auto_image');
    expect([...body.keys()]).toEqual(['sign_type', 'file']);
    expect(body.get('sign_type')).toBe('id_front');
  });
});

describe('Permission', () => {
  it('shows children when any role is held; empty list logs need roles!', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session.nodes = ['SysEmpowerUser'];
    renderUi(
      <>
        <Permission roles={['SysEmpowerUser', 'x']}><span>shown-a</span></Permission>
        <Permission roles={['system_dict']} fallback={<span>fallback-b</span>}><span>hidden-b</span></Permission>
        <Permission roles={[]}><span>hidden-c</span></Permission>
      </>,
    );
    expect(screen.getByText('shown-a')).toBeTruthy();
    expect(screen.queryByText('hidden-b')).toBeNull();
    expect(screen.getByText('fallback-b')).toBeTruthy();
    expect(screen.queryByText('hidden-c')).toBeNull();
    expect(err).toHaveBeenCalledWith('need roles!');
  });

  it('admin_y holds everything', () => {
    session.nodes = [SUPER_KEY];
    renderUi(<Permission roles={['system_dict']}>ok</Permission>);
    expect(screen.getByText('ok')).toBeTruthy();
  });
});

describe('CopyText', () => {
  it('copies through the helper', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    configureCopyAudit({ send: async () => undefined, token: () => null });
    renderUi(<CopyText text="13800138000" />);
    expect(screen.getByText('13800138000')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('13800138000');
    expect(notes).toEqual([['success', 'copy.success']]);
    configureCopyAudit();
  });
});
